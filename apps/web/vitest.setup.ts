import '@testing-library/jest-dom/vitest';
import { afterEach, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { initI18n } from './src/i18n/i18n.ts';
import { loadNamespacesOnDemand } from './src/test/i18n-on-demand.ts';
import './src/app/slots.ts';

// Mantine reads these browser APIs that jsdom lacks.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};
// The growing textareas (Textarea autosize) listen to font loading, which jsdom does not have.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => undefined, removeEventListener: () => undefined } });

await initI18n('en-us');
// Pages are tested as signed in: their feature texts are there, as the root loader makes sure in
// the app; each namespace is read when a test first needs it (src/test/i18n-on-demand.ts).
loadNamespacesOnDemand();

// The first render of a file loads its lazy route chunks cold: on a busy 2-core machine that can
// take longer than testing-library's default second before a `findBy…` gives up.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
