import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Sf9Document } from './sf9-document.ts';

/**
 * pdfmake 0.3 on the server (its Node entry, `pdfmake/js/index.js`, ships no types: this is the
 * small part we use). Fonts: Roboto as pdfmake ships it (Latin with the accents and ñ Filipino
 * writes), embedded and subset in every file; only the font files may be read from disk.
 */
type PdfMake = {
  setFonts(fonts: Record<string, Record<'normal' | 'bold' | 'italics' | 'bolditalics', string>>): void;
  setUrlAccessPolicy(cb: (url: string) => boolean): void;
  setLocalAccessPolicy(cb: (path: string) => boolean): void;
  createPdf(doc: Sf9Document): { getBuffer(): Promise<Buffer> };
};

const require = createRequire(import.meta.url);
let ready: PdfMake | null = null;

const pdfmake = (): PdfMake => {
  if (ready) return ready;
  const lib = require('pdfmake') as PdfMake;
  const dir = join(dirname(require.resolve('pdfmake/package.json')), 'fonts', 'Roboto');
  lib.setFonts({
    Roboto: {
      normal: join(dir, 'Roboto-Regular.ttf'),
      bold: join(dir, 'Roboto-Medium.ttf'),
      italics: join(dir, 'Roboto-Italic.ttf'),
      bolditalics: join(dir, 'Roboto-MediumItalic.ttf'),
    },
  });
  lib.setUrlAccessPolicy(() => false);
  lib.setLocalAccessPolicy((path) => path.startsWith(dir));
  ready = lib;
  return lib;
};

/** The PDF bytes of a document definition. */
export const renderPdf = (doc: Sf9Document): Promise<Buffer> => pdfmake().createPdf(doc).getBuffer();
