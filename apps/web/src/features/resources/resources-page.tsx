// Work in progress (issue 5, resources): replaced by the school library page before the issue ends.
export function ResourcesPage() {
  return null;
}
