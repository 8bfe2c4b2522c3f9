/** The demo gift card printed at start-up and in the README, so a newcomer can check and spend one. */
export const demoGiftCard = { number: "6037910000002026008", pin: "202611", amountCents: 100_00 };
