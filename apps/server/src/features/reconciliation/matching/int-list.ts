// A growable list of 32-bit integers: one per row of a big year costs 4
// bytes, not a JavaScript array's 8 and its boxes.
export class IntList {
  private data = new Int32Array(1024);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const bigger = new Int32Array(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = v;
  }

  at(i: number): number {
    return this.data[i]!;
  }

  // A copy of the list, of its own length.
  copy(): Int32Array {
    return this.data.slice(0, this.length);
  }

  // A copy of [from, to) of the list.
  slice(from: number, to: number): Int32Array {
    return this.data.slice(from, Math.min(to, this.length));
  }
}
