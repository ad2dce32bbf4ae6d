// The anonymiser's first net (issue 39): every value replaced in an identifying field (user names,
// ids, app, test set, variant and evaluator config names) found again in a text, in one pass over it
// (Aho-Corasick), whatever its letter case or Unicode form. Values and texts are compared folded:
// NFKC (the caller normalises the text), lower case, final sigma as sigma, and any run of white space
// or `+` (a form-encoded space) as one space. A value shorter than MIN_ANYWHERE characters is found
// only as a whole word (`Li` not inside `Linux`), unless it is written in a script without spaces
// between words (CJK). Percent-encoded forms are decoded by the caller and scanned again.

/** A value at least this long (folded) is found anywhere, a shorter one as a whole word. */
export const MIN_ANYWHERE = 5;
/** Values shorter than this are not looked for (a single letter is in every text). */
export const MIN_KNOWN = 2;

export interface KnownMatch {
  /** Where in the text (UTF-16 offsets, end exclusive). */
  start: number;
  end: number;
  /** The folded value found (the key it was added under). */
  key: string;
}

const SPACE = 0x20;
const isSpaceLike = (c: number): boolean =>
  c === 0x20 || c === 0x2b || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x3000 || (c >= 0x2000 && c <= 0x200a);
/**
 * Characters a text may hide inside a value without changing how it reads (zero-width joiners and
 * spaces, a soft hyphen, direction marks and embeddings, the word joiner, a BOM): skipped when a text is
 * searched, so `Ja<ZWJ>ne Doe` is `Jane Doe`, and one standing for the space (`Jane<SHY>Doe`) finds the
 * value's twin without spaces.
 */
const isIgnorable = (c: number): boolean =>
  c === 0xad || (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2060 && c <= 0x2069) || c === 0xfeff;
/** A letter, digit or mark of a script that separates words (CJK ideographs, kana and hangul do not). */
const WORD_CHAR = /[\p{L}\p{N}\p{M}_]/u;
const NO_SPACES_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const isWordChar = (c: string | undefined): boolean => c !== undefined && WORD_CHAR.test(c) && !NO_SPACES_SCRIPT.test(c);

/** `text` in lower case, index for index (a letter whose lower case is longer is left as it is), final sigma as sigma. */
export function foldAligned(text: string): string {
  let lower = text.toLowerCase();
  if (lower.length !== text.length) {
    let out = "";
    for (let i = 0; i < text.length; i++) {
      const c = text[i]!;
      const l = c.toLowerCase();
      out += l.length === 1 ? l : c;
    }
    lower = out;
  }
  return lower.includes("ς") ? lower.replaceAll("ς", "σ") : lower;
}

/** The key a value is looked up by: NFKC, folded, spaces collapsed and trimmed. */
export function knownKey(value: string): string {
  const folded = foldAligned(value.normalize("NFKC"));
  let out = "";
  let space = false;
  for (let i = 0; i < folded.length; i++) {
    const c = folded.charCodeAt(i);
    if (isSpaceLike(c)) {
      space = true;
      continue;
    }
    if (space && out !== "") out += " ";
    space = false;
    out += folded[i];
  }
  return out;
}

const MULTI = -2;
const NONE = -1;

/** A set of values and an automaton finding them in a text in one pass; rebuilt when values were added since. */
export class KnownValues {
  private readonly keys: string[] = [];
  /** Per key: found anywhere (long enough, or in a script without spaces), or only as a whole word. */
  private readonly anywhere: boolean[] = [];
  /** Per key: the key a find of it reports (its own index, or the spaced value's for its twin without spaces). */
  private readonly reported: number[] = [];
  private readonly index = new Map<string, number>();
  private built = 0;
  // The automaton: per node its one child (code, node) or MULTI with a map; fail and output links.
  private childCode: number[] = [];
  private childNode: number[] = [];
  private multi = new Map<number, Map<number, number>>();
  private fail: number[] = [];
  /** The key ending at this node (its index), or NONE. */
  private terminal: number[] = [];
  /** The nearest node on the fail chain (this one excluded) where a key ends, or NONE. */
  private dict: number[] = [];

  get size(): number {
    return this.keys.length;
  }

  /** Adds `value` (under its folded key); returns the key, or undefined when it is too short to look for. */
  add(value: string): string | undefined {
    const key = knownKey(value);
    if ([...key].length < MIN_KNOWN) return undefined;
    if (!this.index.has(key)) {
      const at = this.keys.length;
      this.push(key, at);
      // `Jane Doe` written `JaneDoe`, or with a hidden character for its space.
      const twin = key.replaceAll(" ", "");
      if (twin !== key && [...twin].length >= MIN_KNOWN && !this.index.has(twin)) this.push(twin, at);
    }
    return key;
  }

  private push(key: string, reported: number): void {
    this.index.set(key, this.keys.length);
    this.keys.push(key);
    this.reported.push(reported);
    this.anywhere.push(key.length >= MIN_ANYWHERE || NO_SPACES_SCRIPT.test(key));
  }

  has(key: string): boolean {
    return this.index.has(key);
  }

  private goto(node: number, code: number): number {
    const single = this.childCode[node]!;
    if (single === code) return this.childNode[node]!;
    if (single === MULTI) return this.multi.get(node)!.get(code) ?? NONE;
    return NONE;
  }

  private newNode(): number {
    this.childCode.push(NONE);
    this.childNode.push(NONE);
    this.fail.push(0);
    this.terminal.push(NONE);
    this.dict.push(NONE);
    return this.childCode.length - 1;
  }

  private setChild(node: number, code: number, child: number): void {
    const single = this.childCode[node]!;
    if (single === NONE) {
      this.childCode[node] = code;
      this.childNode[node] = child;
      return;
    }
    if (single !== MULTI) {
      this.multi.set(node, new Map([[single, this.childNode[node]!]]));
      this.childCode[node] = MULTI;
    }
    this.multi.get(node)!.set(code, child);
  }

  private children(node: number): Array<[number, number]> {
    const single = this.childCode[node]!;
    if (single === NONE) return [];
    if (single === MULTI) return [...this.multi.get(node)!];
    return [[single, this.childNode[node]!]];
  }

  /** The automaton over every key added so far (linear in their total length). */
  private build(): void {
    if (this.built === this.keys.length && this.childCode.length > 0) return;
    this.childCode = [];
    this.childNode = [];
    this.multi = new Map();
    this.fail = [];
    this.terminal = [];
    this.dict = [];
    this.newNode();
    this.keys.forEach((key, k) => {
      let node = 0;
      for (let i = 0; i < key.length; i++) {
        const code = key.charCodeAt(i);
        let next = this.goto(node, code);
        if (next === NONE) {
          next = this.newNode();
          this.setChild(node, code, next);
        }
        node = next;
      }
      this.terminal[node] = k;
    });
    const queue: number[] = [];
    for (const [, child] of this.children(0)) queue.push(child);
    for (let head = 0; head < queue.length; head++) {
      const node = queue[head]!;
      const fallback = this.fail[node]!;
      this.dict[node] = this.terminal[fallback] !== NONE ? fallback : this.dict[fallback]!;
      for (const [code, child] of this.children(node)) {
        let f = fallback;
        let target = this.goto(f, code);
        while (target === NONE && f !== 0) {
          f = this.fail[f]!;
          target = this.goto(f, code);
        }
        this.fail[child] = target === NONE || target === child ? 0 : target;
        queue.push(child);
      }
    }
    this.dict[0] = NONE;
    this.built = this.keys.length;
  }

  /**
   * The known values in `text` (NFKC already): at each end position the longest that ends there (and
   * stands as a whole word when it must), overlapping finds joined into one (the first's key), in
   * order. Linear in the text's length.
   */
  find(text: string): KnownMatch[] {
    if (this.keys.length === 0 || text.length === 0) return [];
    this.build();
    const folded = foldAligned(text);
    const found: KnownMatch[] = [];
    // Where each symbol fed to the automaton starts in the text (a run of spaces is one symbol).
    const startOf = new Int32Array(text.length + 1);
    let symbols = 0;
    let state = 0;
    let space = false;
    for (let i = 0; i < folded.length; i++) {
      let code = folded.charCodeAt(i);
      if (isIgnorable(code)) continue;
      if (isSpaceLike(code)) {
        if (space) continue;
        space = true;
        code = SPACE;
      } else space = false;
      startOf[symbols++] = i;
      let next = this.goto(state, code);
      while (next === NONE && state !== 0) {
        state = this.fail[state]!;
        next = this.goto(state, code);
      }
      state = next === NONE ? 0 : next;
      for (let node = this.terminal[state] !== NONE ? state : this.dict[state]!; node !== NONE; node = this.dict[node]!) {
        const matched = this.keys[this.terminal[node]!]!;
        const key = this.keys[this.reported[this.terminal[node]!]!]!;
        const start = startOf[symbols - matched.length]!;
        const end = i + 1;
        if (!this.anywhere[this.terminal[node]!] && (isWordChar(text[start - 1]) || isWordChar(text[end]))) continue;
        // Overlapping a find before it (`aaaaaa` holding `aaaaa` twice): one find, reaching further.
        const last = found[found.length - 1];
        if (last !== undefined && start < last.end) last.end = end;
        else found.push({ start, end, key });
        break;
      }
    }
    return found;
  }
}
