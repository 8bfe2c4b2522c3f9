/** How a ticket is named to the shopper and to staff: "CS-000042" (client-safe). */
export function ticketReference(id: number): string {
  return `CS-${String(id).padStart(6, "0")}`;
}
