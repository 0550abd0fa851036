import type { PortfolioDetails, PortfolioItem, PortfolioRow, ShareLink, WorkChoice } from '@klase/core/portfolios/contracts';

/** Fixture objects of the portfolios contract (packages/core/src/portfolios/contracts.ts). */
export const PORTFOLIO_ID = '70000000-0000-4000-8000-000000000001';
export const OWNER_ID = '70000000-0000-4000-8000-0000000000aa';

export const portfolioRowOf = (over: Partial<PortfolioRow> = {}): PortfolioRow => ({
  id: PORTFOLIO_ID,
  title: 'My science journey',
  description: 'Projects from Grade 7 Science.',
  coverUrl: null,
  published: true,
  status: 'PUBLISHED',
  owner: { kind: 'student', id: OWNER_ID, name: 'Juan Reyes', classId: null, className: null },
  itemCount: 3,
  createdAt: '2026-02-01T01:00:00.000Z',
  updatedAt: '2026-03-05T02:30:00.000Z',
  ...over,
});

const itemBase = (n: number, title: string) => ({
  id: `71000000-0000-4000-8000-00000000000${n}`,
  title,
  caption: '',
  position: n,
  createdAt: '2026-02-02T01:00:00.000Z',
  updatedAt: '2026-02-02T01:00:00.000Z',
});

export const portfolioItems: PortfolioItem[] = [
  { ...itemBase(1, 'What I learned'), kind: 'reflection', bodyHtml: '<p>Plants need light.</p>' },
  { ...itemBase(2, 'Volcano model'), kind: 'link', url: 'https://example.org/volcano' },
  {
    ...itemBase(3, 'Lab report'),
    kind: 'file',
    file: { id: 'f1', name: 'lab-report.pdf', size: 2048, mime: 'application/pdf', downloadUrl: `/api/portfolios/${PORTFOLIO_ID}/items/i3/file` },
  },
];

export const portfolioDetailsOf = (over: Partial<PortfolioDetails> = {}): PortfolioDetails => ({
  ...portfolioRowOf(),
  items: portfolioItems,
  canEdit: false,
  canExport: true,
  shared: false,
  totalBytes: 2048,
  version: 3,
  ...over,
});

export const shareLinkOf = (over: Partial<ShareLink> = {}): ShareLink => ({
  id: '72000000-0000-4000-8000-000000000001',
  state: 'active',
  createdAt: '2026-03-01T01:00:00.000Z',
  expiresAt: null,
  revokedAt: null,
  hint: 'x9Qa',
  ...over,
});

export const workChoiceOf = (over: Partial<WorkChoice> = {}): WorkChoice => ({
  submissionId: '73000000-0000-4000-8000-000000000001',
  materialName: 'Essay on ecosystems',
  courseName: 'Science 7',
  className: 'Grade 7 - Sampaguita',
  materialType: 'assignment',
  submittedAt: '2026-02-20T01:00:00.000Z',
  graded: true,
  hasFeedback: true,
  ...over,
});
