// Work in progress (issue 5, catalogue): replaced by the available-courses page before the issue ends.
export function AvailableCoursesPage() {
  return null;
}
