import type {
  AtRiskRow,
  ClassCharts,
  ClassReportRow,
  MaterialReportRow,
  ReportClassOptions,
  ReportClassRow,
  StudentReport,
} from '@klase/core/reports/contracts';

/** Fixture objects of the reports contract (packages/core/src/reports/contracts.ts). */
export const CLASS_ID = '0b6a52a1-8a39-4d0c-9e55-8c4b1b6b0a01';
export const COURSE_ID = '0b6a52a1-8a39-4d0c-9e55-8c4b1b6b0a02';
export const GROUP_ID = '0b6a52a1-8a39-4d0c-9e55-8c4b1b6b0a03';
export const STUDENT_ID = '0b6a52a1-8a39-4d0c-9e55-8c4b1b6b0a04';
export const STUDENT2_ID = '0b6a52a1-8a39-4d0c-9e55-8c4b1b6b0a05';

export const reportClassRowOf = (over: Partial<ReportClassRow> = {}): ReportClassRow => ({
  id: CLASS_ID,
  name: 'Grade 7 - Sampaguita',
  schoolName: 'Rizal High School',
  studentCount: 2,
  ...over,
});

export const reportOptions: ReportClassOptions = {
  courses: [{ id: COURSE_ID, title: 'Science 7' }],
  groups: [{ id: GROUP_ID, name: 'Lab group A' }],
  students: [
    { id: STUDENT_ID, fullName: 'Juan Dela Cruz' },
    { id: STUDENT2_ID, fullName: 'Ana Reyes' },
  ],
  timeZone: 'Asia/Manila',
};

export const classReportRowOf = (over: Partial<ClassReportRow> = {}): ClassReportRow => ({
  studentId: STUDENT_ID,
  fullName: 'Juan Dela Cruz',
  lastSystemAccess: '2026-11-20T02:30:00.000Z',
  lastMaterialAccess: '2026-11-19T01:00:00.000Z',
  lastMaterialTitle: 'Photosynthesis reading',
  totalSeconds: 3900,
  submitted: 3,
  totalSubmissions: 5,
  missing: 1,
  ...over,
});

export const materialReportRowOf = (over: Partial<MaterialReportRow> = {}): MaterialReportRow => ({
  studentId: STUDENT_ID,
  fullName: 'Juan Dela Cruz',
  materialId: 'm1',
  materialTitle: 'Lab report 1',
  materialType: 'assignment',
  courseId: COURSE_ID,
  courseTitle: 'Science 7',
  dueDate: '2026-11-18T15:59:00.000Z',
  lastAccess: '2026-11-17T03:00:00.000Z',
  totalSeconds: 720,
  submitted: true,
  submittedAt: '2026-11-19T01:00:00.000Z',
  late: true,
  status: 'late',
  ...over,
});

export const studentReportOf = (over: Partial<StudentReport> = {}): StudentReport => ({
  student: { id: STUDENT_ID, fullName: 'Juan Dela Cruz', lastSystemAccess: '2026-11-20T02:30:00.000Z' },
  courses: [
    {
      courseId: COURSE_ID,
      courseTitle: 'Science 7',
      lastAccess: '2026-11-19T01:00:00.000Z',
      totalSeconds: 3900,
      submitted: 3,
      totalSubmissions: 5,
      late: 1,
      missing: 1,
    },
  ],
  daily: [
    { date: '2026-11-18', seconds: 0 },
    { date: '2026-11-19', seconds: 1800 },
    { date: '2026-11-20', seconds: 2100 },
  ],
  ...over,
});

export const classCharts: ClassCharts = {
  completion: [
    { date: '2026-11-18', submitted: 2, total: 10 },
    { date: '2026-11-19', submitted: 6, total: 10 },
  ],
  perMaterial: [{ materialId: 'm1', title: 'Lab report 1', onTime: 1, late: 1, missing: 0, notDue: 0 }],
  timePerStudent: [
    { studentId: STUDENT_ID, fullName: 'Juan Dela Cruz', seconds: 3900 },
    { studentId: STUDENT2_ID, fullName: 'Ana Reyes', seconds: 300 },
  ],
};

export const atRiskRowOf = (over: Partial<AtRiskRow> = {}): AtRiskRow => ({
  studentId: STUDENT2_ID,
  fullName: 'Ana Reyes',
  lastSystemAccess: null,
  daysInactive: null,
  missing: 4,
  parentCount: 2,
  reasons: ['inactive', 'missing'],
  ...over,
});
