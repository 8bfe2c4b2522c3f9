import type { Locale } from "../../platform/i18n/locales";
import {
  type AttributeFacet,
  attributeFacets,
  type Dictionary,
  FAIL,
  type FacetValue,
  type IndexedListing,
  type ListingColumns,
  type ListingScope,
  NONE,
  type OrderKey,
} from "./listing-columns";
import { compareSizes, type ListingQuery, PAGE_SIZE } from "./listing-query";

/**
 * Sorting the passing rows' places is chosen when its comparisons, weighted by this, are fewer than the
 * places a walk of the order would read. On 100 000 products any weight from 0.5 to 8 measured the same:
 * the pages it matters for pass a few dozen rows (a walk of 100 000 places against a sort of 30).
 */
const SORT_STEP_COST = 2;

/**
 * One page of a listing with its disjunctive facet counts: one pass over the candidate rows that counts
 * every facet at once, then a walk of a presorted order (or of the search's matches) for the page.
 */
export function listPage(
  c: ListingColumns,
  locale: Locale,
  query: ListingQuery,
  scope: ListingScope,
): IndexedListing {
  const f = query.filters;
  const { sizeStart, size, categoryStart, category } = c.pack();
  const chosenOf = (dictionary: Dictionary, values: string[]) => {
    if (values.length === 0) return null;
    const chosen = new Uint8Array(dictionary.values.length + 1);
    for (const value of values) {
      const code = dictionary.find(value);
      if (code !== undefined) chosen[code] = 1;
    }
    return chosen;
  };
  const sizeChosen = chosenOf(c.dictionaries.size, f.size);
  let categoryChosen: Uint8Array | null = null;
  if (f.category.length) {
    categoryChosen = new Uint8Array(c.maxCategoryId + 1);
    for (const slug of f.category) {
      const id = c.categoryBySlug.get(`${locale}:${slug}`);
      if (id !== undefined && id <= c.maxCategoryId) categoryChosen[id] = 1;
    }
  }
  // The five single-valued facets, unrolled into locals for the hot loop.
  const [colourA, brandA, lengthA, fitA, fabricA] = attributeFacets.map((a) => c.attributes[a]) as [
    Uint16Array,
    Uint16Array,
    Uint16Array,
    Uint16Array,
    Uint16Array,
  ];
  const [colourC, brandC, lengthC, fitC, fabricC] = attributeFacets.map((a) =>
    chosenOf(c.dictionaries[a], f[a]),
  );
  const [colourN, brandN, lengthN, fitN, fabricN] = attributeFacets.map(
    (a) => new Uint32Array(c.dictionaries[a].values.length + 1),
  ) as [Uint32Array, Uint32Array, Uint32Array, Uint32Array, Uint32Array];
  const sizeN = new Uint32Array(c.dictionaries.size.values.length + 1);
  const categoryN = new Uint32Array(c.maxCategoryId + 1);
  const min = query.priceMinCents ?? Number.NEGATIVE_INFINITY;
  const max = query.priceMaxCents ?? Number.POSITIVE_INFINITY;
  const discountOnly = query.discountOnly;
  const { alive, price, discounted, stamps, passed } = c;
  const stamp = c.nextStamp();
  let discount = 0;
  let priceMin = Number.POSITIVE_INFINITY;
  let priceMax = Number.NEGATIVE_INFINITY;
  let total = 0;

  const scopeRows = scope.categoryIds ? c.scopeRows(scope.categoryIds) : null;
  let matchRows: Int32Array | null = null;
  if (scope.matches) {
    let inScope: Uint8Array | null = null;
    if (scopeRows) {
      inScope = new Uint8Array(c.count);
      for (const row of scopeRows) inScope[row] = 1;
    }
    const found: number[] = [];
    for (const id of scope.matches) {
      const row = c.rowOf(id);
      if (row !== undefined && (!inScope || inScope[row])) found.push(row);
    }
    matchRows = Int32Array.from(found);
  }
  // The facet pass reads a dozen arrays per row: in row order (not the matches' relevance order) those
  // reads stream through memory instead of missing the cache on every row, several times faster.
  const candidates = matchRows ? c.inRowOrder(matchRows) : (scopeRows ?? c.allRows());

  // One pass, inlined (this loop is the hot path of every listing).
  for (let k = 0; k < candidates.length; k++) {
    const row = candidates[k] as number;
    if (alive[row] === 0) continue;
    let fail = 0;
    const c0 = categoryStart[row] as number;
    const c1 = categoryStart[row + 1] as number;
    const s0 = sizeStart[row] as number;
    const s1 = sizeStart[row + 1] as number;
    if (categoryChosen) {
      let hit = 0;
      for (let i = c0; i < c1 && hit === 0; i++) hit = categoryChosen[category[i] as number] as number;
      if (hit === 0) fail |= FAIL.category;
    }
    if (sizeChosen) {
      let hit = 0;
      for (let i = s0; i < s1 && hit === 0; i++) hit = sizeChosen[size[i] as number] as number;
      if (hit === 0) fail |= FAIL.size;
    }
    const colour = colourA[row] as number;
    const brand = brandA[row] as number;
    const length = lengthA[row] as number;
    const fit = fitA[row] as number;
    const fabric = fabricA[row] as number;
    if (colourC && (colour === NONE || colourC[colour] !== 1)) fail |= FAIL.colour;
    if (brandC && (brand === NONE || brandC[brand] !== 1)) fail |= FAIL.brand;
    if (lengthC && (length === NONE || lengthC[length] !== 1)) fail |= FAIL.length;
    if (fitC && (fit === NONE || fitC[fit] !== 1)) fail |= FAIL.fit;
    if (fabricC && (fabric === NONE || fabricC[fabric] !== 1)) fail |= FAIL.fabric;
    const cents = price[row] as number;
    if (cents < min || cents > max) fail |= FAIL.price;
    const isDiscounted = discounted[row] === 1;
    if (discountOnly && !isDiscounted) fail |= FAIL.discount;
    // A row counts for a facet when it passes every other facet: all of them when it passes everything,
    // only the one it fails when it fails exactly one, none otherwise.
    if (fail !== 0 && (fail & (fail - 1)) !== 0) continue;
    if (fail === 0) {
      passed[total++] = row;
      stamps[row] = stamp;
    }
    if (fail === 0 || fail === FAIL.category)
      for (let i = c0; i < c1; i++) (categoryN[category[i] as number] as number)++;
    if (fail === 0 || fail === FAIL.size)
      for (let i = s0; i < s1; i++) (sizeN[size[i] as number] as number)++;
    if (colour !== NONE && (fail === 0 || fail === FAIL.colour)) (colourN[colour] as number)++;
    if (brand !== NONE && (fail === 0 || fail === FAIL.brand)) (brandN[brand] as number)++;
    if (length !== NONE && (fail === 0 || fail === FAIL.length)) (lengthN[length] as number)++;
    if (fit !== NONE && (fail === 0 || fail === FAIL.fit)) (fitN[fit] as number)++;
    if (fabric !== NONE && (fail === 0 || fail === FAIL.fabric)) (fabricN[fabric] as number)++;
    if (fail === 0 || fail === FAIL.price) {
      if (cents < priceMin) priceMin = cents;
      if (cents > priceMax) priceMax = cents;
    }
    if (isDiscounted && (fail === 0 || fail === FAIL.discount)) discount++;
  }

  // The page: walk the matches (relevance) or the presorted order, keeping the rows that passed; or, when
  // few rows passed, sort their places in that order instead of walking all of it (a selective filter in
  // a small category would otherwise walk the whole catalogue's order for a page it never fills).
  const skip = (query.page - 1) * PAGE_SIZE;
  const ids: number[] = [];
  let seen = 0;
  const take = (row: number) => {
    if (stamps[row] !== stamp) return false;
    if (seen++ >= skip) ids.push(c.ids[row] as number);
    return ids.length >= PAGE_SIZE;
  };
  if (query.sort === "relevance" && matchRows) {
    for (let i = 0; i < matchRows.length; i++) if (take(matchRows[i] as number)) break;
  } else if (skip < total) {
    // Wishlists arrive with the checkout issue; until then every count is 0 and popularity decides.
    const key: OrderKey = query.sort === "relevance" || query.sort === "wishlisted" ? "position" : query.sort;
    const order = c.order(key);
    // The walk reads about this many places before it has the page, if the passing rows are spread evenly.
    const walk = order.length * Math.min(1, (skip + PAGE_SIZE) / total);
    if (total * Math.log2(total + 1) * SORT_STEP_COST < walk) {
      const rank = c.rank(key);
      const places = new Int32Array(total);
      for (let i = 0; i < total; i++) places[i] = rank[passed[i] as number] as number;
      places.sort();
      const end = Math.min(total, skip + PAGE_SIZE);
      for (let i = skip; i < end; i++) ids.push(c.ids[order[places[i] as number] as number] as number);
    } else {
      for (let i = 0; i < order.length; i++) if (take(order[i] as number)) break;
    }
  }

  const facetValues = (values: string[], tally: Uint32Array) =>
    values.flatMap((value, code) => (tally[code] ? [{ value, count: tally[code] as number }] : []));
  const byValue = (a: FacetValue, b: FacetValue) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
  const tallies = { colour: colourN, brand: brandN, length: lengthN, fit: fitN, fabric: fabricN };
  const attributeValues = Object.fromEntries(
    attributeFacets.map((facet) => [
      facet,
      facetValues(c.dictionaries[facet].values, tallies[facet]).sort(byValue),
    ]),
  ) as Record<AttributeFacet, FacetValue[]>;
  const categoryValues: FacetValue[] = [];
  for (let id = 0; id < categoryN.length; id++) {
    const slug = categoryN[id] ? c.categorySlugs.get(id)?.[locale] : undefined;
    if (slug) categoryValues.push({ value: slug, count: categoryN[id] as number });
  }
  return {
    ids,
    total,
    facets: {
      ...attributeValues,
      size: facetValues(c.dictionaries.size.values, sizeN).sort((a, b) => compareSizes(a.value, b.value)),
      category: categoryValues.sort(byValue),
      discount,
      price: c.priceRange(priceMin, priceMax),
    },
  };
}
