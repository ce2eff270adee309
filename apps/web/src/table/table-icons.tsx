/** The table's arrows: inline SVG (24 × 24, stroked), decorative: the names and aria-sort carry the meaning. */
const PATHS = {
  ascending: 'M12 19V5M6 11l6-6 6 6',
  descending: 'M12 5v14M6 13l6 6 6-6',
  unsorted: 'M8 9l4-4 4 4M8 15l4 4 4-4',
  previous: 'M15 18l-6-6 6-6',
  next: 'M9 18l6-6-6-6',
} as const;

export type TableIconName = keyof typeof PATHS;

export function TableIcon({ name, className }: { name: TableIconName; className?: string | undefined }) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      data-icon={name}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
