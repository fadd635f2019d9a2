/** One line of the bench's report: what was measured, the figure, its budget and whether it is met. */
export interface Row {
  measure: string;
  value: string;
  budget: string;
  /** null: information only, no budget. */
  pass: boolean | null;
  note?: string;
}
