/**
 * The not-yet-flushed entries appended for one grid time: (slot, value) pairs in arrival order.
 * A slot may appear more than once; the later entry wins when the log is replayed.
 */
export class StepLog {
  slots: Int32Array;
  values: Float64Array;
  length = 0;

  constructor(capacity = 256) {
    this.slots = new Int32Array(capacity);
    this.values = new Float64Array(capacity);
  }

  push(slot: number, value: number): void {
    if (this.length === this.slots.length) {
      const slots = new Int32Array(this.length * 2);
      const values = new Float64Array(this.length * 2);
      slots.set(this.slots);
      values.set(this.values);
      this.slots = slots;
      this.values = values;
    }
    this.slots[this.length] = slot;
    this.values[this.length] = value;
    this.length++;
  }
}
