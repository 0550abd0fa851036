import { describe, expect, it } from 'vitest';
import { encodeTableQuery, tableQuerySchema, totalPages } from './table.ts';

describe('server-driven table contract (spec section 7)', () => {
  it('encodes sort, lower-cased search, paging and the filter', () => {
    const p = encodeTableQuery({
      sortBy: 'name',
      sortOrder: 'asc',
      search: '  Santos ',
      page: 2,
      rowsperpage: 25,
      filter: { key: 'status', values: ['ACTIVE', 'INACTIVE'] },
    });
    expect(p.toString()).toBe(
      'sortBy=name&sortOrder=asc&search=santos&page=2&rowsperpage=25&filter%5Bkey%5D=status&filter%5Bvalues%5D%5B%5D=ACTIVE&filter%5Bvalues%5D%5B%5D=INACTIVE',
    );
  });
  it('leaves the page fields out when pagination is hidden', () => {
    const p = encodeTableQuery({ sortOrder: 'desc', search: '' });
    expect(p.has('page')).toBe(false);
    expect(p.has('rowsperpage')).toBe(false);
  });
  it('decodes what the server receives, with defaults', () => {
    const q = tableQuerySchema.parse({ search: 'ABC', 'filter[key]': 'status', 'filter[values][]': 'ACTIVE' });
    expect(q).toMatchObject({ sortOrder: 'asc', search: 'abc', page: 1, rowsperpage: 10, paginated: false, filter: { key: 'status', values: ['ACTIVE'] } });
  });
  it('refuses page sizes other than 10, 25, 50 and odd sort columns', () => {
    expect(tableQuerySchema.safeParse({ rowsperpage: '20' }).success).toBe(false);
    expect(tableQuerySchema.safeParse({ sortBy: 'name; drop table' }).success).toBe(false);
  });
  it('counts pages', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(31, 10)).toBe(4);
  });
});

describe('table query: unsafe characters', () => {
  it('refuses NUL and lone surrogates in the search, the filter and extra fields with textChars', () => {
    for (const query of [
      { search: 'a\u0000' },
      { search: '\ud800' },
      { 'filter[key]': 'x\u0000' },
      { 'filter[values][]': ['ok', 'b\u0000'] },
      { classId: 'c\u0000' },
    ]) {
      const r = tableQuerySchema.safeParse(query);
      expect(r.success, JSON.stringify(query)).toBe(false);
      expect(r.error?.issues.map((i) => i.message)).toContain('textChars');
    }
    expect(tableQuerySchema.parse({ search: 'Dela Cruz ñ 你好' }).search).toBe('dela cruz ñ 你好');
  });
});
