import { useParams } from 'react-router';
import { JourneyView } from '../../features/materials/journey-view.tsx';
import { useCourse } from '../../api/courses-api.ts';
import { ElementsEditor } from '../../features/courses/elements-editor.tsx';

/**
 * `#/classes/:id/courses/:courseId/course`: for staff the course's elements and materials (the
 * class's teachers edit them, assistants read them); for students and parents the journey. The
 * layout above has already loaded the course (and handled loading and errors).
 */
export const CourseTab = () => {
  const { id = '', courseId = '' } = useParams();
  const q = useCourse(id, courseId);
  if (!q.data) return null;
  if (!q.data.can.viewStudentMode) return <JourneyView classId={id} courseId={courseId} />;
  return <ElementsEditor course={q.data} />;
};
