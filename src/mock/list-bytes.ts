// The bytes of one JSON array answer (`[record,record,...]`), written record by record as a data file
// is read (stream-dataset-index.ts): each record's JSON is encoded straight into a growing buffer,
// and where it lies is kept (a human evaluation by id is answered from its bytes in its app's list).

const COMMA = 0x2c;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
/** A list starts this small: a dataset of 10,000 apps must not reserve 10,000 large buffers. */
const FIRST_CAPACITY = 1024;

export class ListBytes {
  private bytes = Buffer.allocUnsafe(FIRST_CAPACITY);
  private used = 1;
  /** How many records the list holds. */
  count = 0;

  constructor() {
    this.bytes[0] = OPEN_BRACKET;
  }

  /** Appends one record's JSON; returns where its bytes start (from the list's `[`), and how many there are. */
  add(json: string): [offset: number, length: number] {
    // At most 3 bytes of UTF-8 per UTF-16 unit (a surrogate pair is 4 bytes for 2), a comma, the closing bracket.
    const need = this.used + json.length * 3 + 2;
    if (need > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(need, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    if (this.count > 0) this.bytes[this.used++] = COMMA;
    const offset = this.used;
    this.used += this.bytes.write(json, offset, "utf8");
    this.count++;
    return [offset, this.used - offset];
  }

  /** The list's length in bytes once closed. */
  get byteLength(): number {
    return this.used + 1;
  }

  /** Writes the closed list (`[...]`) into `target` at `at`. */
  copyTo(target: Uint8Array, at: number): void {
    target.set(this.bytes.subarray(0, this.used), at);
    target[at + this.used] = CLOSE_BRACKET;
  }
}
