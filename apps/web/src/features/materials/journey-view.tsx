// Placeholder replaced in this work: the journey map and list of a course.
export interface JourneyViewProps {
  classId: string;
  courseId: string;
  /** The teacher's preview of what a student sees (no progress, nothing recorded). */
  studentMode?: boolean;
}
export const JourneyView = (_props: JourneyViewProps) => null;
