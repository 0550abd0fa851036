import type { Locale } from '@klase/core/constants';

/** Success texts of the course, element and catalogue category actions (`{ message }` answers), in the caller's language. */
export const COURSE_MESSAGES = {
  coursePublished: {
    'en-us': 'The course has been published. Its students can open it now.',
    ph: 'Nailathala na ang kurso. Mabubuksan na ito ng mga mag-aaral nito.',
    zh: '课程已发布。学生现在可以打开它。',
  },
  coursePublishedAll: {
    'en-us': 'The course and everything in it have been published. Its students can open it now.',
    ph: 'Nailathala na ang kurso at ang lahat ng laman nito. Mabubuksan na ito ng mga mag-aaral nito.',
    zh: '课程及其全部内容已发布。学生现在可以打开它。',
  },
  courseUnpublished: {
    'en-us': 'The course has been unpublished. Students no longer see it.',
    ph: 'Hindi na nakalathala ang kurso. Hindi na ito nakikita ng mga mag-aaral.',
    zh: '课程已取消发布。学生将不再看到它。',
  },
  elementPublished: {
    'en-us': 'The course element has been published.',
    ph: 'Nailathala na ang elemento ng kurso.',
    zh: '课程单元已发布。',
  },
  elementPublishedAll: {
    'en-us': 'The course element and its materials have been published.',
    ph: 'Nailathala na ang elemento ng kurso at ang mga materyales nito.',
    zh: '课程单元及其学习材料已发布。',
  },
  elementUnpublished: {
    'en-us': 'The course element has been unpublished. Students no longer see it.',
    ph: 'Hindi na nakalathala ang elemento ng kurso. Hindi na ito nakikita ng mga mag-aaral.',
    zh: '课程单元已取消发布。学生将不再看到它。',
  },
  elementDeleted: {
    'en-us': 'The course element and its materials have been deleted.',
    ph: 'Nabura na ang elemento ng kurso at ang mga materyales nito.',
    zh: '课程单元及其学习材料已删除。',
  },
  courseShared: {
    'en-us': 'Course shared with your school.',
    ph: 'Ibinahagi ang kurso sa inyong paaralan.',
    zh: '课程已与您的学校共享。',
  },
  courseUnshared: {
    'en-us': 'Course no longer shared.',
    ph: 'Hindi na ibinabahagi ang kurso.',
    zh: '课程已停止共享。',
  },
  categoryDeleted: {
    'en-us': 'The category has been deleted.',
    ph: 'Nabura na ang kategorya.',
    zh: '类别已删除。',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type CourseMessageKey = keyof typeof COURSE_MESSAGES;

export const courseMessage = (locale: Locale, key: CourseMessageKey): { message: string } => ({ message: COURSE_MESSAGES[key][locale] });
