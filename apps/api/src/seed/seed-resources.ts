import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { MIME_OF, sniffType } from '@klase/core/upload';
import type { FileStorage } from '../platform/storage.ts';
import type { Db } from '../db/client.ts';
import { schoolResources } from '../db/schema/resources.ts';
import { schools } from '../db/schema/tenancy.ts';
import { users } from '../db/schema/users.ts';

/** The demo school libraries (`#/resources`, issue 5): a few links and one small PDF per demo school. Safe to run again. */

interface DemoResource {
  school: string;
  addedBy: string;
  title: string;
  description: string;
  gradeLevel: string | null;
  subject: string | null;
  /** A link's address, or a file: its name and the lines of its one page. */
  content: { url: string } | { fileName: string; lines: readonly string[] };
}

export const DEMO_RESOURCES: readonly DemoResource[] = [
  {
    school: 'RNHS',
    addedBy: 'schooladmin',
    title: 'DepEd Learning Resource Portal',
    description: 'Modules, activity sheets and lesson exemplars for every grade and learning area.',
    gradeLevel: null,
    subject: null,
    content: { url: 'https://lrmds.deped.gov.ph/' },
  },
  {
    school: 'RNHS',
    addedBy: 'teacher1',
    title: 'PhET interactive simulations',
    description: 'Free science and math simulations that run in the browser; good for lab days without equipment.',
    gradeLevel: 'Grade 7',
    subject: 'Science',
    content: { url: 'https://phet.colorado.edu/' },
  },
  {
    school: 'RNHS',
    addedBy: 'teacher2',
    title: 'Khan Academy: Pre-algebra',
    description: 'Videos and practice on integers, fractions and ratios for review at home.',
    gradeLevel: 'Grade 8',
    subject: 'Mathematics',
    content: { url: 'https://www.khanacademy.org/math/pre-algebra' },
  },
  {
    school: 'RNHS',
    addedBy: 'teacher1',
    title: 'Science laboratory safety rules',
    description: 'Print and post in the laboratory; students sign the last line at the start of the year.',
    gradeLevel: 'Grade 7',
    subject: 'Science',
    content: {
      fileName: 'Laboratory safety rules.pdf',
      lines: [
        'Rizal National High School - Science Laboratory Safety Rules',
        '1. Wear goggles and closed shoes during every experiment.',
        '2. Never taste or smell chemicals directly.',
        '3. Tie back long hair and keep bags under the tables.',
        '4. Report spills, cuts and broken glass to the teacher at once.',
        '5. Wash your hands before leaving the laboratory.',
      ],
    },
  },
  {
    school: 'SIIS',
    addedBy: 'schooladmin2',
    title: 'DepEd Commons',
    description: 'Open educational resources for public and private schools.',
    gradeLevel: null,
    subject: null,
    content: { url: 'https://commons.deped.gov.ph/' },
  },
  {
    school: 'SIIS',
    addedBy: 'teacher3',
    title: 'StoryWeaver picture books',
    description: 'Free illustrated stories in English and Filipino for reading time.',
    gradeLevel: 'Grade 5',
    subject: 'English',
    content: { url: 'https://storyweaver.org.in/' },
  },
  {
    school: 'SIIS',
    addedBy: 'teacher3',
    title: 'Weekly reading log',
    description: 'One page per week: title, pages read and one sentence about the story.',
    gradeLevel: 'Grade 5',
    subject: 'English',
    content: {
      fileName: 'Weekly reading log.pdf',
      lines: [
        'San Isidro Integrated School - Weekly Reading Log',
        'Name: ____________________   Section: ____________',
        'Day | Title | Pages read | One sentence about the story',
        'Monday |  |  |',
        'Wednesday |  |  |',
        'Friday |  |  |',
        'Parent signature: ____________________',
      ],
    },
  },
];

const pdfText = (s: string): string => s.replace(/[\\()]/g, (c) => `\\${c}`);

/** A one-page PDF (Helvetica, one line of text per entry) with a correct cross-reference table. */
export const tinyPdf = (lines: readonly string[]): Buffer => {
  const text = lines.map((l, i) => `BT /F1 ${i === 0 ? 14 : 11} Tf 56 ${780 - i * 24} Td (${pdfText(l)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

const mimeOf = (data: Buffer): string => {
  const kind = sniffType(data.subarray(0, 16));
  return kind === 'unknown' ? 'application/octet-stream' : MIME_OF[kind];
};

/**
 * Adds the demo resources of every demo school present (by school code), skipping the ones whose
 * title the school's library already has; a demo file whose stored bytes went missing is written
 * again. Answers how many resources it added.
 */
export const seedDemoResources = async (db: Db, storage: FileStorage): Promise<number> => {
  const codes = [...new Set(DEMO_RESOURCES.map((r) => r.school))];
  const found = await db.select({ id: schools.id, code: schools.code }).from(schools).where(inArray(schools.code, codes));
  const usernames = [...new Set(DEMO_RESOURCES.map((r) => r.addedBy))];
  const people = await db.select({ id: users.id, username: users.username, schoolId: users.schoolId }).from(users).where(inArray(users.username, usernames));
  let added = 0;
  for (const r of DEMO_RESOURCES) {
    const school = found.find((s) => s.code === r.school);
    const adder = people.find((p) => p.username === r.addedBy && p.schoolId === school?.id);
    if (!school || !adder) continue;
    const file = 'fileName' in r.content ? { name: r.content.fileName, data: tinyPdf(r.content.lines) } : null;
    const [existing] = await db
      .select()
      .from(schoolResources)
      .where(and(eq(schoolResources.schoolId, school.id), sql`lower(${schoolResources.title}) = ${r.title.toLowerCase()}`))
      .limit(1);
    if (existing) {
      if (file && existing.fileKey && !(await storage.get(existing.fileKey))) await storage.put(existing.fileKey, file.data);
      continue;
    }
    const stamp = { createdBy: adder.id, updatedBy: adder.id };
    const details = { schoolId: school.id, title: r.title, description: r.description, gradeLevel: r.gradeLevel, subject: r.subject };
    if (file) {
      const fileKey = `schools/${school.id}/resources/${randomUUID()}`;
      await storage.put(fileKey, file.data);
      await db
        .insert(schoolResources)
        .values({ ...stamp, ...details, kind: 'file', fileKey, fileName: file.name, fileSize: file.data.length, fileMime: mimeOf(file.data) });
    } else if ('url' in r.content) {
      await db.insert(schoolResources).values({ ...stamp, ...details, kind: 'link', url: r.content.url });
    }
    added += 1;
  }
  return added;
};
