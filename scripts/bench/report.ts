import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A limit a measured value must keep: at most (`max`) or at least (`min`). */
export type Budget = { max: number } | { min: number };

export interface Metric {
  /** Section of the table, e.g. 'flash', 'bundle'. */
  group: string;
  name: string;
  /** null when the value could not be measured (counts as over budget when a budget is set). */
  value: number | null;
  unit: string;
  budget?: Budget;
  /** Why a value is missing or what it was measured on; printed under the table. */
  note?: string;
}

export type Status = 'PASS' | 'OVER' | '—';

export function statusOf(metric: Metric): Status {
  if (!metric.budget) return '—';
  if (metric.value === null || Number.isNaN(metric.value)) return 'OVER';
  return 'max' in metric.budget
    ? metric.value <= metric.budget.max
      ? 'PASS'
      : 'OVER'
    : metric.value >= metric.budget.min
      ? 'PASS'
      : 'OVER';
}

function formatNumber(value: number | null, unit: string): string {
  if (value === null || Number.isNaN(value)) return 'n/a';
  const digits = unit === 'ms' ? 1 : unit === 'KiB' ? 1 : Number.isInteger(value) ? 0 : 2;
  return `${value.toFixed(digits)}${unit ? ` ${unit}` : ''}`;
}

function formatBudget(metric: Metric): string {
  if (!metric.budget) return '';
  return 'max' in metric.budget
    ? `≤ ${formatNumber(metric.budget.max, metric.unit)}`
    : `≥ ${formatNumber(metric.budget.min, metric.unit)}`;
}

/** The results as a plain-text table: metric, value, budget, PASS/OVER; notes below it. */
export function formatTable(metrics: readonly Metric[]): string {
  const rows = metrics.map((m) => [
    `${m.group}: ${m.name}`,
    formatNumber(m.value, m.unit),
    formatBudget(m),
    statusOf(m),
  ]);
  const header = ['metric', 'value', 'budget', 'status'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (i === 1 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0))).join('  ');
  const notes = metrics.filter((m) => m.note).map((m) => `  * ${m.group}: ${m.name}: ${m.note}`);
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
    ...(notes.length ? ['', 'notes:', ...notes] : []),
  ].join('\n');
}

export function writeReport(path: string, report: unknown): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
}

/** Median of a non-empty list (mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface Summary {
  count: number;
  min: number;
  median: number;
  max: number;
  /** Largest absolute value: the worst deviation when the values are signed errors. */
  maxAbs: number;
}

export function summarize(values: readonly number[]): Summary | null {
  if (values.length === 0) return null;
  return {
    count: values.length,
    min: Math.min(...values),
    median: median(values),
    max: Math.max(...values),
    maxAbs: Math.max(...values.map(Math.abs)),
  };
}
