import type { Descriptor, MapehPart, ObservedMark, ObservedStatement } from '@klase/core/deped/contracts';

/** The card's language: DepEd forms are bilingual; each download picks English or Filipino labels. */
export type CardLang = 'en-us' | 'ph';

export type Sf9Labels = {
  republic: string;
  department: string;
  title: string;
  form: string;
  school: string;
  schoolId: string;
  region: string;
  division: string;
  district: string;
  name: string;
  lrn: string;
  age: string;
  sex: string;
  male: string;
  female: string;
  grade: string;
  section: string;
  schoolYear: string;
  adviser: string;
  asOf: (quarter: number) => string;
  attendance: string;
  month: string;
  schoolDays: string;
  daysPresent: string;
  daysAbsent: string;
  total: string;
  progress: string;
  learningAreas: string;
  quarter: string;
  finalGrade: string;
  remarks: string;
  generalAverage: string;
  passed: string;
  failed: string;
  observedValues: string;
  coreValues: string;
  behaviour: string;
  markingLegend: string;
  marking: string;
  nonNumerical: string;
  descriptors: string;
  gradingScale: string;
  parentSignature: string;
  adviserSignature: string;
  months: Record<string, string>;
  mapeh: Record<MapehPart, string>;
  marks: Record<ObservedMark, string>;
  descriptor: Record<Descriptor, string>;
  coreValue: Record<'makaDiyos' | 'makatao' | 'makakalikasan' | 'makabansa', string>;
  statement: Record<ObservedStatement, string>;
};

const CORE_VALUES = { makaDiyos: 'Maka-Diyos', makatao: 'Makatao', makakalikasan: 'Maka-kalikasan', makabansa: 'Makabansa' } as const;

const EN: Sf9Labels = {
  republic: 'Republic of the Philippines',
  department: 'Department of Education',
  title: "Learner's Progress Report Card",
  form: 'School Form 9 (SF9)',
  school: 'School',
  schoolId: 'School ID',
  region: 'Region',
  division: 'Division',
  district: 'District',
  name: 'Name',
  lrn: 'LRN',
  age: 'Age',
  sex: 'Sex',
  male: 'Male',
  female: 'Female',
  grade: 'Grade',
  section: 'Section',
  schoolYear: 'School Year',
  adviser: 'Adviser',
  asOf: (q) => `As of quarter ${q}`,
  attendance: 'Report on Attendance',
  month: 'Month',
  schoolDays: 'No. of school days',
  daysPresent: 'No. of days present',
  daysAbsent: 'No. of days absent',
  total: 'Total',
  progress: 'Report on Learning Progress and Achievement',
  learningAreas: 'Learning Areas',
  quarter: 'Quarter',
  finalGrade: 'Final Grade',
  remarks: 'Remarks',
  generalAverage: 'General Average',
  passed: 'Passed',
  failed: 'Failed',
  observedValues: "Report on Learner's Observed Values",
  coreValues: 'Core Values',
  behaviour: 'Behavior Statements',
  markingLegend: 'Observed values',
  marking: 'Marking',
  nonNumerical: 'Non-numerical Rating',
  descriptors: 'Descriptors',
  gradingScale: 'Grading Scale',
  parentSignature: "Parent's / Guardian's signature",
  adviserSignature: "Adviser's signature",
  months: {
    '01': 'Jan',
    '02': 'Feb',
    '03': 'Mar',
    '04': 'Apr',
    '05': 'May',
    '06': 'Jun',
    '07': 'Jul',
    '08': 'Aug',
    '09': 'Sep',
    '10': 'Oct',
    '11': 'Nov',
    '12': 'Dec',
  },
  mapeh: { music: 'Music', arts: 'Arts', pe: 'Physical Education', health: 'Health' },
  marks: { AO: 'Always Observed', SO: 'Sometimes Observed', RO: 'Rarely Observed', NO: 'Not Observed' },
  descriptor: {
    outstanding: 'Outstanding',
    verySatisfactory: 'Very Satisfactory',
    satisfactory: 'Satisfactory',
    fairlySatisfactory: 'Fairly Satisfactory',
    didNotMeet: 'Did Not Meet Expectations',
  },
  coreValue: CORE_VALUES,
  statement: {
    makaDiyos1: "Expresses one's spiritual beliefs while respecting the spiritual beliefs of others",
    makaDiyos2: 'Shows adherence to ethical principles by upholding truth',
    makatao1: 'Is sensitive to individual, social and cultural differences',
    makatao2: 'Demonstrates contributions towards solidarity',
    makakalikasan1: 'Cares for the environment and uses resources wisely, judiciously and economically',
    makabansa1: 'Demonstrates pride in being a Filipino; exercises the rights and responsibilities of a Filipino citizen',
    makabansa2: 'Demonstrates appropriate behavior in carrying out activities in the school, community and country',
  },
};

const PH: Sf9Labels = {
  republic: 'Republika ng Pilipinas',
  department: 'Kagawaran ng Edukasyon',
  title: 'Ulat ng Pag-unlad ng Mag-aaral',
  form: 'School Form 9 (SF9)',
  school: 'Paaralan',
  schoolId: 'ID ng Paaralan',
  region: 'Rehiyon',
  division: 'Sangay',
  district: 'Distrito',
  name: 'Pangalan',
  lrn: 'LRN',
  age: 'Edad',
  sex: 'Kasarian',
  male: 'Lalaki',
  female: 'Babae',
  grade: 'Baitang',
  section: 'Pangkat',
  schoolYear: 'Taong Panuruan',
  adviser: 'Tagapayo',
  asOf: (q) => `Hanggang sa ${['unang', 'ikalawang', 'ikatlong', 'ikaapat na'][q - 1] ?? String(q)} markahan`,
  attendance: 'Ulat sa Pagdalo',
  month: 'Buwan',
  schoolDays: 'Bilang ng araw ng pasukan',
  daysPresent: 'Bilang ng araw na pumasok',
  daysAbsent: 'Bilang ng araw na lumiban',
  total: 'Kabuuan',
  progress: 'Ulat sa Pag-unlad at Natamo sa Pag-aaral',
  learningAreas: 'Mga Asignatura',
  quarter: 'Markahan',
  finalGrade: 'Pangwakas na Marka',
  remarks: 'Tala',
  generalAverage: 'Pangkalahatang Marka',
  passed: 'Nakapasa',
  failed: 'Hindi Nakapasa',
  observedValues: 'Ulat sa mga Pagpapahalagang Nakita sa Mag-aaral',
  coreValues: 'Mga Pangunahing Pagpapahalaga',
  behaviour: 'Mga Pahayag ng Pag-uugali',
  markingLegend: 'Mga pagpapahalagang nakita',
  marking: 'Marka',
  nonNumerical: 'Paglalarawan',
  descriptors: 'Paglalarawan',
  gradingScale: 'Saklaw ng Marka',
  parentSignature: 'Lagda ng magulang / tagapag-alaga',
  adviserSignature: 'Lagda ng tagapayo',
  months: {
    '01': 'Ene',
    '02': 'Peb',
    '03': 'Mar',
    '04': 'Abr',
    '05': 'May',
    '06': 'Hun',
    '07': 'Hul',
    '08': 'Ago',
    '09': 'Set',
    '10': 'Okt',
    '11': 'Nob',
    '12': 'Dis',
  },
  mapeh: { music: 'Musika', arts: 'Sining', pe: 'Edukasyong Pangkatawan', health: 'Kalusugan' },
  marks: { AO: 'Palaging nakikita', SO: 'Paminsan-minsang nakikita', RO: 'Bihirang nakikita', NO: 'Hindi nakikita' },
  descriptor: {
    outstanding: 'Natatangi',
    verySatisfactory: 'Lubhang kasiya-siya',
    satisfactory: 'Kasiya-siya',
    fairlySatisfactory: 'Bahagyang kasiya-siya',
    didNotMeet: 'Hindi nakaabot sa inaasahan',
  },
  coreValue: CORE_VALUES,
  statement: {
    makaDiyos1: 'Naipapahayag ang sariling paniniwalang espirituwal habang iginagalang ang paniniwala ng iba',
    makaDiyos2: 'Naipapakita ang pagsunod sa mga prinsipyong etikal sa pagpanig sa katotohanan',
    makatao1: 'Maalam at magalang sa pagkakaiba-iba ng bawat tao, ng lipunan at ng kultura',
    makatao2: 'Nakapag-aambag sa pagkakaisa ng kapwa',
    makakalikasan1: 'Pinangangalagaan ang kapaligiran at ginagamit nang matalino, maingat at matipid ang mga likas na yaman',
    makabansa1: 'Ipinagmamalaki ang pagiging Pilipino; ginagampanan ang mga karapatan at tungkulin ng mamamayang Pilipino',
    makabansa2: 'Naipapakita ang angkop na pag-uugali sa mga gawain sa paaralan, pamayanan at bansa',
  },
};

export const sf9Labels = (lang: CardLang): Sf9Labels => (lang === 'ph' ? PH : EN);
