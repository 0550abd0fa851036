/**
 * What other modules use of assignments: quizzes keep their grades in `submissions` and complete
 * the material like a submitted assignment (see grade-store.ts), and list the assigned students.
 */
export { assignedStudents, completeMaterial, submissionsOf } from './assignments.repo.ts';
