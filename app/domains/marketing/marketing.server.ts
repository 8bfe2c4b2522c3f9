import { randomUUID } from "node:crypto";
import { db } from "../../platform/db/db.server";
import type { Locale } from "../../platform/i18n/locales";
import { CONSENT_VERSION, type ConsentChoice, type StoredConsent } from "./consent";
import { consentRecords } from "./tables.server";

/** Logs a cookie-consent choice (a new one, or a change of an earlier one) and returns what to store. */
export async function recordConsent(
  choice: ConsentChoice,
  options: { locale: Locale; previousId?: string },
): Promise<StoredConsent> {
  const consent: StoredConsent = {
    ...choice,
    version: CONSENT_VERSION,
    id: options.previousId ?? randomUUID(),
  };
  await db().insert(consentRecords).values({
    consentId: consent.id,
    version: consent.version,
    analytics: consent.analytics,
    personalisation: consent.personalisation,
    locale: options.locale,
  });
  return consent;
}

export {
  earlyAccessCampaigns,
  earlyAccessCheck,
  hasEarlyAccess,
  redeemEarlyAccess,
  requestEarlyAccess,
} from "./early-access.server";
export {
  drawFeedbackPrize,
  feedbackDrawJob,
  feedbackOverview,
  giveFeedback,
  replayFeedbackDraw,
} from "./feedback.server";
export {
  confirmNewsletter,
  newsletterStatus,
  newsletterSubscriberList,
  newsletterSubscribersCsv,
  setAccountNewsletter,
  subscribeNewsletter,
  unsubscribeNewsletter,
} from "./newsletter.server";
export {
  answerQuiz,
  localizedQuiz,
  quizContent,
  quizCounts,
  quizPersona,
  saveQuizContent,
} from "./quiz.server";
export {
  computeAffinities,
  computeAffinitiesJob,
  recommendations,
  recordRecommendationView,
} from "./recommendations.server";
export { referAFriend, referralsOf, rewardReferrals, rewardReferralsJob } from "./referrals.server";
export {
  confirmStudent,
  requestStudentVerification,
  saveStudentDomains,
  studentDomains,
} from "./students.server";
