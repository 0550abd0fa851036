import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { ZipArchive } from 'archiver';

/**
 * Hand-made XLSX archives for the upload tests (a real workbook's minimal parts, the sheet's rows
 * streamed in), so a test can build a hostile workbook (millions of rows, a ZIP bomb) in seconds.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG = 'http://schemas.openxmlformats.org/package/2006';

const PARTS: Record<string, string> = {
  '[Content_Types].xml': `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="${PKG}/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
  '_rels/.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  'xl/workbook.xml': `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Users" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  'xl/_rels/workbook.xml.rels': `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG}/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
};

const escape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** One sheet row of inline strings. */
export const sheetRow = (n: number, cells: readonly string[]): string =>
  `<row r="${n}">${cells.map((c, i) => `<c r="${String.fromCharCode(65 + i)}${n}" t="inlineStr"><is><t>${escape(c)}</t></is></c>`).join('')}</row>`;

/** An XLSX whose first sheet's rows are `rows` (strings of `<row>` XML, generated lazily). */
export const xlsxOf = async (rows: Iterable<string>): Promise<Buffer> => {
  const zip = new ZipArchive({ zlib: { level: 9 } });
  const out = buffer(zip);
  for (const [name, text] of Object.entries(PARTS)) zip.append(text, { name });
  const sheet = function* () {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${MAIN}"><sheetData>`;
    let chunk = '';
    for (const r of rows) {
      chunk += r;
      if (chunk.length > 1 << 16) {
        yield chunk;
        chunk = '';
      }
    }
    yield `${chunk}</sheetData></worksheet>`;
  };
  zip.append(Readable.from(sheet()), { name: 'xl/worksheets/sheet1.xml' });
  await zip.finalize();
  return out;
};

/** `n` rows from `from` on, made by `make(rowNumber)`. */
export function* rowsFrom(from: number, n: number, make: (row: number) => string): Iterable<string> {
  for (let i = 0; i < n; i++) yield make(from + i);
}
