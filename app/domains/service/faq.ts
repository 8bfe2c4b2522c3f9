/**
 * The FAQ's search (client-safe, pure): a question matches when every word of the query is found in its
 * question or answer, ignoring case and accents ("livraison" finds "Livraison", "devolucion" finds
 * "devolución").
 */
export interface FaqItem {
  q: string;
  a: string;
}

export interface FaqTopic {
  topic: string;
  items: FaqItem[];
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

export function searchFaq(topics: FaqTopic[], query: string): FaqTopic[] {
  const words = fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  if (words.length === 0) return topics;
  return topics
    .map(({ topic, items }) => ({
      topic,
      items: items.filter((item) => {
        const text = fold(`${item.q} ${item.a}`);
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((t) => t.items.length > 0);
}
