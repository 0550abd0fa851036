/**
 * What other modules use of quizzes: deleting or restoring a material locks its quiz and gives
 * back the students' quiz grades (materials.service.ts).
 */
export { restoreQuizGrades } from './grade-store.ts';
export { lockQuiz } from './quizzes.repo.ts';
