/** A multipart/form-data body with one file field, for app.inject. */
export const multipartFile = (field: string, filename: string, contentType: string, data: Buffer) => {
  const boundary = `----klase${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
};

/** The first bytes of real PNG and JPEG files, padded to a size. */
export const fakePng = (size = 200): Buffer => {
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, Buffer.alloc(Math.max(0, size - sig.length), 7)]);
};
export const fakeJpeg = (size = 200): Buffer => {
  const sig = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);
  return Buffer.concat([sig, Buffer.alloc(Math.max(0, size - sig.length), 3)]);
};
