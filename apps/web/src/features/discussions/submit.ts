import type { FormEvent } from 'react';

/** A form's submit handler that keeps the page where it is and runs `save` (its errors are shown by the form). */
export const onSubmitWith = (save: () => Promise<unknown>) => (e: FormEvent) => {
  e.preventDefault();
  void save();
};
