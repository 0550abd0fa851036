import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MB } from '@klase/core/constants';
import { ANY_FILE_TYPE } from '@klase/core/upload';
import { renderWithProviders } from '../test/test-utils.tsx';
import { UploadBox } from './upload-box.tsx';
import { ApiError } from '../api/http.ts';

const file = (name: string, size: number, type = 'image/png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const drop = (files: File[]) => fireEvent.drop(screen.getByRole('button', { name: /Drag and drop/ }), { dataTransfer: { files, types: ['Files'] } });

describe('UploadBox', () => {
  it('describes the defaults: jpeg, png, jpg; 2 MB; one file', () => {
    renderWithProviders(<UploadBox onUpload={vi.fn()} />);
    const box = screen.getByRole('button', { name: 'Drag and drop a file here, or press to choose one' });
    expect(box).toHaveAccessibleDescription('Allowed: jpeg, png, jpg. Up to 2 MB each. One file only.');
    expect(screen.getByTestId('upload-input')).toHaveAttribute('accept', '.jpeg,.png,.jpg');
  });

  it.each([
    [[file('a.gif', 10, 'image/gif')], 'File must be in jpeg or png format.'],
    [[file('a.png', 2 * MB)], 'File must be less than 2 MB.'],
    [[file('a.png', 10), file('b.png', 10)], 'Maximum one file only.'],
  ])('refuses case %#', (files, message) => {
    const onUpload = vi.fn();
    renderWithProviders(<UploadBox onUpload={onUpload} />);
    drop(files);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(onUpload).not.toHaveBeenCalled();
  });

  it('uses the general messages with other types, sizes and counts', () => {
    renderWithProviders(<UploadBox types={['pdf', 'zip']} maxBytes={900 * MB} maxFiles={3} onUpload={vi.fn()} />);
    drop([file('a.exe', 10, 'application/octet-stream')]);
    expect(screen.getByRole('alert')).toHaveTextContent('File must be in pdf, zip format.');
    drop([file('a.pdf', 900 * MB, 'application/pdf')]);
    expect(screen.getByRole('alert')).toHaveTextContent('File must be less than 900 MB.');
    drop([1, 2, 3, 4].map((n) => file(`${n}.pdf`, 1, 'application/pdf')));
    expect(screen.getByRole('alert')).toHaveTextContent('Maximum number of files: 3.');
  });

  it('uploads a chosen file with a progress bar, showing its size in 1024 units', async () => {
    const user = userEvent.setup();
    let report: (p: number) => void = () => {};
    let finish: () => void = () => {};
    const onUpload = vi.fn((_files: File[], onProgress: (p: number) => void) => {
      report = onProgress;
      return new Promise<void>((r) => (finish = r));
    });
    renderWithProviders(<UploadBox onUpload={onUpload} />);
    await user.upload(screen.getByTestId('upload-input'), file('photo.png', 1536));
    expect(onUpload).toHaveBeenCalledWith([expect.objectContaining({ name: 'photo.png' })], expect.any(Function));
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(screen.getByText('1.5 KB')).toBeInTheDocument();
    act(() => report(40));
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading... 40%')).toBeInTheDocument();
    await act(async () => finish());
    expect(bar).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('Upload complete.')).toBeInTheDocument();
  });

  it('takes any file type with the wildcard and tells the form when the chosen file is removed', async () => {
    const user = userEvent.setup();
    const onRemove = vi.fn();
    renderWithProviders(<UploadBox types={[ANY_FILE_TYPE]} maxBytes={900 * MB} onUpload={() => Promise.resolve()} onRemove={onRemove} />);
    expect(screen.getByText(/Any file type, up to 900 MB\./)).toBeInTheDocument();
    expect(screen.getByTestId('upload-input')).not.toHaveAttribute('accept');
    await user.upload(screen.getByTestId('upload-input'), file('robot.sb3', 2048, 'application/octet-stream'));
    expect(await screen.findByText('Upload complete.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /robot\.sb3/ }));
    expect(onRemove).toHaveBeenCalledWith([]);
    expect(screen.queryByText('robot.sb3')).not.toBeInTheDocument();
    expect(screen.queryByText('Upload complete.')).not.toBeInTheDocument();
  });

  it('opens the file picker with Enter and Space', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadBox onUpload={vi.fn()} />);
    const input = screen.getByTestId('upload-input');
    const click = vi.spyOn(input, 'click');
    await user.tab();
    expect(screen.getByRole('button', { name: /Drag and drop/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('shows an image preview when the browser can make one, and the upload error', async () => {
    const user = userEvent.setup();
    const create = vi.fn(() => 'blob:preview');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const onUpload = vi.fn(() => Promise.reject(new ApiError('FILE_TYPE', 415, 'x')));
    const { unmount } = renderWithProviders(<UploadBox onUpload={onUpload} />);
    await user.upload(screen.getByTestId('upload-input'), file('me.jpg', 100, 'image/jpeg'));
    expect(screen.getByAltText('Preview of me.jpg')).toHaveAttribute('src', 'blob:preview');
    expect(await screen.findByRole('alert')).toHaveTextContent('File must be in jpeg or png format.');
    unmount();
    expect(revoke).toHaveBeenCalledWith('blob:preview');
    Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined });
  });
});
