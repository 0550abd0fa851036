import { useRef, useState } from 'react';

/**
 * The files of an upload box uploaded one by one with `upload` (each file once, removed with its
 * file): what a form sends along (`take` hands them over and starts a new box via `boxKey`).
 */
export const useUploadedFiles = <T>(upload: (file: File, onProgress: (percent: number) => void) => Promise<T>) => {
  const uploaded = useRef(new Map<File, T>());
  const [count, setCount] = useState(0);
  const [boxKey, setBoxKey] = useState(0);
  const onUpload = async (files: File[], onProgress: (percent: number) => void) => {
    let done = 0;
    for (const file of files) {
      if (!uploaded.current.has(file)) {
        const ref = await upload(file, (p) => onProgress(Math.round((done * 100 + p) / files.length)));
        uploaded.current.set(file, ref);
      }
      done += 1;
    }
    uploaded.current = new Map([...uploaded.current].filter(([f]) => files.includes(f)));
    setCount(uploaded.current.size);
  };
  const remove = (remaining: File[]) => {
    uploaded.current = new Map([...uploaded.current].filter(([f]) => remaining.includes(f)));
    setCount(uploaded.current.size);
  };
  /** The uploaded files, without clearing them. */
  const peek = () => [...uploaded.current.values()];
  const take = () => {
    const refs = peek();
    uploaded.current = new Map();
    setCount(0);
    setBoxKey((k) => k + 1);
    return refs;
  };
  return { count, boxKey, upload: onUpload, remove, take, peek };
};
