import type { AggregationMethod, ChildCoefficients, GradeCategorySetup, GradeItemSetup, GradebookSetup } from './types.ts';

/**
 * Student-independent part of the engine (semantics §1, §2): done ONCE per setup, then shared by
 * every student. It builds the category tree in sort order, decides which children take part
 * (§2.1), resolves each child's coefficients for its parent's method (§2.2), computes Natural
 * weights (§2.3) and every category's own range (§2.4), and lists categories bottom-up.
 * A bad setup (unknown parent or scale, no single root, a cycle) throws: the API validates the
 * setup before it gets here.
 */

export interface CChild {
  kind: 'item' | 'category';
  id: string;
  /** Index into `Compiled.items` or `Compiled.categories`. */
  ref: number;
  participates: boolean;
  /** Item-level range (a child category: its own range, §2.4). */
  min: number;
  max: number;
  /** Extra credit for the parent's method (Natural / SWM: flag; mean with extra credits: weight > 0). */
  ec: boolean;
  /** Weighted mean weight (default 1). */
  wmWeight: number;
  /** Mean with extra credits: the extra-credit weight (0 = normal). */
  ecWeight: number;
  /** Natural: overridden weight as a fraction, null = automatic. */
  override: number | null;
  /** Natural: the weight computed in §2.3 (`coef2`). */
  coef2: number;
}

export interface CCategory {
  id: string;
  index: number;
  setup: GradeCategorySetup;
  parent: number;
  method: AggregationMethod;
  excludeEmpty: boolean;
  dropLowest: number;
  keepHighest: number;
  /** Own range: configured [L, H] or, for Natural, [0, Σ maxima] (§2.4). */
  min: number;
  max: number;
  /** All children in sort order. */
  children: CChild[];
  /** Indexes into `children` of the participating ones. */
  part: number[];
  /** The participating children themselves. */
  kids: CChild[];
  /** Limit rules allowed in the real computation (always, or Natural's eligibility, §3.5). */
  limitAllowed: boolean;
  hidden: boolean;
}

export interface CItem {
  id: string;
  index: number;
  setup: GradeItemSetup;
  parent: number;
  min: number;
  max: number;
  isScale: boolean;
  scaleValues: string[] | null;
  /** Hidden by itself or by a hidden ancestor category. */
  hidden: boolean;
  /** Calculated item: indexes of the items it reads. */
  calculatedFrom: number[] | null;
}

export interface Compiled {
  categories: CCategory[];
  items: CItem[];
  root: number;
  /** Category indexes, children before parents. */
  bottomUp: number[];
  includeScales: boolean;
  minMaxFromGrade: boolean;
  unlimited: boolean;
  categoryIndex: Map<string, number>;
  itemIndex: Map<string, number>;
}

const EPS = 1e-9;

const isHidden = (hidden: boolean | undefined, until: number | undefined, now: number | undefined): boolean =>
  hidden === true || (until !== undefined && (now === undefined || now < until));

const sortKey = (c: ChildCoefficients, kind: 0 | 1, pos: number) => ({ order: c.sortOrder ?? Number.POSITIVE_INFINITY, kind, pos });

const coefficients = (c: ChildCoefficients, method: AggregationMethod) => {
  const flag = c.extraCredit === true;
  const ecWeight = method === 'meanWithExtraCredits' ? (c.extraCreditWeight ?? (flag ? 1 : 0)) : 0;
  const ec = method === 'natural' || method === 'simpleWeightedMean' ? flag : method === 'meanWithExtraCredits' ? ecWeight > 0 : false;
  return {
    ec,
    ecWeight,
    wmWeight: c.weight ?? 1,
    override: method === 'natural' && c.weightOverride !== undefined && c.weightOverride !== null ? c.weightOverride / 100 : null,
  };
};

/** Natural weights of the participating children (§2.3); writes `coef2`. */
export const naturalWeights = (kids: CChild[]): void => {
  let T = 0;
  let Tov = 0;
  let Mov = 0;
  let auto = false;
  let S = 0;
  let O = 0;
  for (const c of kids) {
    if (c.ec) continue;
    const ov = c.override;
    if (ov === null) auto = true;
    if (!(ov !== null && ov <= 0)) {
      T += c.max;
      if (ov !== null) {
        Tov += ov;
        Mov += c.max;
      }
    }
    // S only matters when every non-extra-credit child is overridden or when normalising, so an
    // automatic child's (not yet known) weight never changes the outcome.
    S += ov ?? c.coef2;
    if (ov !== null && ov > 0) O += ov;
  }
  let normalise = false;
  if (O > 1) {
    S = O;
    normalise = true;
  }
  for (const c of kids) {
    const ov = c.override;
    if (c.ec) {
      c.coef2 = ov !== null ? ov : T === 0 ? 0 : c.max / T;
    } else if (ov === null) {
      c.coef2 = Tov >= 1 || T - Mov === 0 || c.max === 0 ? 0 : (c.max / (T - Mov)) * (1 - Tov);
    } else {
      let w = ov;
      if ((!auto && Math.abs(S - 1) > EPS) || normalise || w < 0) w = S === 0 || w < 0 ? 0 : w / S;
      c.coef2 = w;
    }
  }
};

/** Drop-lowest / keep-highest applied to a list of maxima (Natural's maximum, §2.4). */
const limitMaxima = (maxima: number[], dropLowest: number, keepHighest: number): number[] => {
  const sorted = [...maxima].sort((a, b) => a - b);
  if (dropLowest > 0) return sorted.slice(Math.min(dropLowest, sorted.length));
  if (keepHighest > 0) return sorted.slice(Math.max(0, sorted.length - keepHighest));
  return sorted;
};

type KidRef = { key: ReturnType<typeof sortKey>; kind: 'item' | 'category'; ref: number };

/** Category id → index; a repeated id throws. */
const indexCategories = (setup: GradebookSetup): Map<string, number> => {
  const categoryIndex = new Map<string, number>();
  setup.categories.forEach((c, i) => {
    if (categoryIndex.has(c.id)) throw new Error(`gradebook: duplicate category ${c.id}`);
    categoryIndex.set(c.id, i);
  });
  return categoryIndex;
};

const newCategory = (c: GradeCategorySetup, index: number, parent: number): CCategory => ({
  id: c.id,
  index,
  setup: c,
  parent,
  method: c.aggregation,
  excludeEmpty: c.excludeEmpty ?? true,
  dropLowest: Math.max(0, Math.floor(c.dropLowest ?? 0)),
  keepHighest: Math.max(0, Math.floor(c.keepHighest ?? 0)),
  min: c.min ?? 0,
  max: c.max ?? 100,
  children: [],
  part: [],
  kids: [],
  limitAllowed: true,
  hidden: false,
});

/** The items with their ranges (a scale: 1..number of values); each is listed under its category in `kidsOf`. */
const compileItems = (setup: GradebookSetup, parentOf: (id: string | null, what: string) => number, kidsOf: KidRef[][]): CItem[] => {
  const scales = new Map((setup.scales ?? []).map((s) => [s.id, s.values]));
  return setup.items.map((it, index) => {
    const parent = parentOf(it.categoryId, `item ${it.id}`);
    let min = it.min ?? 0;
    let max = it.max ?? 100;
    let scaleValues: string[] | null = null;
    if (it.type === 'scale') {
      const values = it.scaleId === undefined ? undefined : scales.get(it.scaleId);
      if (!values || values.length === 0) throw new Error(`gradebook: item ${it.id} has an unknown or empty scale`);
      scaleValues = values;
      min = 1;
      max = values.length;
    }
    kidsOf[parent]!.push({ key: sortKey(it, 1, index), kind: 'item', ref: index });
    return { id: it.id, index, setup: it, parent, min, max, isScale: it.type === 'scale', scaleValues, hidden: false, calculatedFrom: null };
  });
};

/** One child of `cat` with its coefficients for `cat`'s method and whether it takes part (§2.1, §2.2). */
const childOf = (cat: CCategory, kid: KidRef, categories: CCategory[], items: CItem[], includeScales: boolean): CChild => {
  const src = kid.kind === 'category' ? categories[kid.ref]! : items[kid.ref]!;
  const coef = coefficients(src.setup, cat.method);
  let participates = true;
  if (kid.kind === 'item') {
    const it = items[kid.ref]!;
    const t = it.setup.type;
    participates = t === 'value' || (t === 'scale' && (it.setup.outcome ? cat.setup.includeOutcomes === true : includeScales));
  }
  return { kind: kid.kind, id: src.id, ref: kid.ref, participates, min: src.min, max: src.max, ...coef, coef2: 0 };
};

/** Natural: weights (§2.3), limit-rule eligibility (§3.5) and the range [0, Σ maxima] (§2.4). */
const settleNatural = (cat: CCategory): void => {
  const part = cat.kids;
  naturalWeights(part);
  const first = part[0];
  cat.limitAllowed = first !== undefined && part.every((c) => c.kind === 'item' && !c.ec && Math.abs(c.coef2 - first.coef2) < EPS && c.max === first.max);
  const maxima = part.filter((c) => !c.ec && c.coef2 > 0).map((c) => c.max);
  const kept = cat.limitAllowed ? limitMaxima(maxima, cat.dropLowest, cat.keepHighest) : maxima;
  cat.min = 0;
  cat.max = kept.reduce((s, m) => s + m, 0);
};

/**
 * Depth-first walk from the root in sort order: hides what a hidden category holds, resolves each
 * category's children and lists categories bottom-up; a cycle or a category not under the root throws.
 */
const walkTree = (categories: CCategory[], items: CItem[], kidsOf: KidRef[][], root: number, includeScales: boolean, now: number | undefined): number[] => {
  const bottomUp: number[] = [];
  const state = new Uint8Array(categories.length);
  const visit = (k: number, parentHidden: boolean) => {
    if (state[k] !== 0) throw new Error('gradebook: categories form a cycle');
    state[k] = 1;
    const cat = categories[k]!;
    cat.hidden = parentHidden || isHidden(cat.setup.hidden, cat.setup.hiddenUntil, now);
    const kids = kidsOf[k]!.sort((a, b) => a.key.order - b.key.order || a.key.kind - b.key.kind || a.key.pos - b.key.pos);
    for (const kid of kids) {
      if (kid.kind === 'category') visit(kid.ref, cat.hidden);
      else {
        const it = items[kid.ref]!;
        it.hidden = cat.hidden || isHidden(it.setup.hidden, it.setup.hiddenUntil, now);
      }
    }
    cat.children = kids.map((kid) => childOf(cat, kid, categories, items, includeScales));
    cat.children.forEach((c, i) => {
      if (c.participates) cat.part.push(i);
    });
    cat.kids = cat.part.map((i) => cat.children[i]!);
    if (cat.method === 'natural') settleNatural(cat);
    bottomUp.push(k);
    state[k] = 2;
  };
  visit(root, false);
  if (bottomUp.length !== categories.length) throw new Error('gradebook: a category is not under the course');
  return bottomUp;
};

export const compileSetup = (setup: GradebookSetup, now?: number): Compiled => {
  const opts = setup.options ?? {};
  const includeScales = opts.includeScales ?? true;
  const categoryIndex = indexCategories(setup);
  const roots = setup.categories.filter((c) => c.parentId === null);
  if (roots.length !== 1) throw new Error('gradebook: exactly one course category (parentId null) is required');
  const parentOf = (id: string | null, what: string): number => {
    const p = id === null ? undefined : categoryIndex.get(id);
    if (p === undefined) throw new Error(`gradebook: ${what} has an unknown category ${String(id)}`);
    return p;
  };

  const categories: CCategory[] = setup.categories.map((c, index) =>
    newCategory(c, index, c.parentId === null ? -1 : parentOf(c.parentId, `category ${c.id}`)),
  );
  const root = categoryIndex.get(roots[0]!.id)!;

  // Depth-first order from the root, detecting cycles and orphans.
  const kidsOf: KidRef[][] = categories.map(() => []);
  categories.forEach((c, i) => {
    if (c.parent >= 0) kidsOf[c.parent]!.push({ key: sortKey(c.setup, 0, i), kind: 'category', ref: i });
  });
  const items = compileItems(setup, parentOf, kidsOf);
  const itemIndex = new Map(items.map((it) => [it.id, it.index]));
  for (const it of items) {
    if (it.setup.calculatedFrom) it.calculatedFrom = it.setup.calculatedFrom.flatMap((id) => itemIndex.get(id) ?? []);
  }
  const bottomUp = walkTree(categories, items, kidsOf, root, includeScales, now);

  return {
    categories,
    items,
    root,
    bottomUp,
    includeScales,
    minMaxFromGrade: opts.minMaxToUse === 'grade',
    unlimited: opts.unlimitedGrades === true,
    categoryIndex,
    itemIndex,
  };
};
