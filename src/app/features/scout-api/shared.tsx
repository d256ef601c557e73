// Shared bits of the /admin/scout/api screens: the status badge.
export function StatusBadge({ status }: { status: number }) {
  const tone = status >= 500 ? 'danger' : status >= 400 ? 'warning' : status >= 300 ? 'info' : 'success';
  return (
    <span className={`badge badge-${tone}`} data-testid="api-call-status">
      {status}
    </span>
  );
}
