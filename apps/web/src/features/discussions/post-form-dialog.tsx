import { Suspense, lazy, useState } from 'react';
import { ActionIcon, Group, Loader, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconFile, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FILE_MAX_BYTES } from '@klase/core/constants';
import { POST_ATTACHMENTS_MAX, POST_TITLE_MAX, postForm, type DiscussionCategory, type PostDetails, type PostForm } from '@klase/core/discussions/contracts';
import type { AttachmentRef, PersonRef } from '@klase/core/messaging/contracts';
import { ANY_FILE_TYPE } from '@klase/core/upload';
import { ErrorText } from '../../components/error-text.tsx';
import { FormActions } from '../../components/form-actions.tsx';
import { FormModal, useDiscardCancel } from '../../components/form-modal.tsx';
import { UploadBox } from '../../components/upload-box.tsx';
import { useUploadedFiles } from '../../components/use-uploaded-files.ts';
import { paths } from '../../config/paths.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { useSaveErrors } from '../../lib/use-save-errors.ts';
import { issuesOf } from '../../lib/zod-form.ts';
import { createPost, discussionKeys, updatePost, uploadPostAttachment } from './discussions-api.ts';
import { putPost } from './discussions-cache.ts';
import { MentionSelect } from './mentions.tsx';
import { onSubmitWith } from './submit.ts';

const RichTextField = lazy(() => import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextField })));

const escapeHtml = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);

/** The body with a last paragraph naming the picked people not named in it yet (`@Name`). */
export const withMentions = (bodyHtml: string, people: readonly PersonRef[]): string => {
  const missing = people.filter((p) => !bodyHtml.includes(`@${escapeHtml(p.name)}`));
  return missing.length === 0 ? bodyHtml : `${bodyHtml}<p>${missing.map((p) => `@${escapeHtml(p.name)}`).join(' ')}</p>`;
};

interface Values {
  title: string;
  bodyHtml: string;
  categoryId: string | null;
}

/** The attachments the post keeps (when editing), with a remove button each. */
const KeptFiles = ({ files, onRemove }: { files: AttachmentRef[]; onRemove: (id: string) => void }) => {
  const { t } = useTranslation('discussions');
  if (files.length === 0) return null;
  return (
    <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
      {files.map((f) => (
        <Group key={f.id} component="li" gap="xs" wrap="nowrap">
          <IconFile size={18} aria-hidden="true" />
          <Text size="sm" truncate="end" style={{ flex: 1 }}>
            {f.name}
          </Text>
          <ActionIcon variant="subtle" color="gray" aria-label={t('form.removeFile', { name: f.name })} onClick={() => onRemove(f.id)}>
            <IconX size={16} aria-hidden="true" />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
};

/** Saves the post: the schema's field errors first, then the server's. */
const useSavePost = (courseId: string, post: PostDetails | undefined, onClose: () => void) => {
  const { t } = useTranslation(['discussions', 'validation']);
  const client = useQueryClient();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const saveErrors = useSaveErrors({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const save = async (body: PostForm) => {
    const issues = issuesOf(postForm, body);
    if (!body.bodyHtml) issues.bodyHtml ??= { path: 'bodyHtml', key: 'required' };
    const found = Object.fromEntries(Object.entries(issues).map(([k, v]) => [k, t(`validation:${v.key}`, v.params ?? {})]));
    setErrors(found);
    setError(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const saved = post ? await updatePost(post.id, body) : await createPost(courseId, body);
      client.setQueryData(discussionKeys.post(saved.id), saved);
      putPost(client, saved);
      toastSuccess(post ? t('form.updated') : t('form.created'));
      onClose();
      if (!post) await navigate(paths.classDiscussionPost.to(id, courseId, saved.id));
    } catch (e) {
      const { fields } = saveErrors(e);
      setErrors(fields);
      setError(Object.keys(fields).length > 0 ? null : e);
    } finally {
      setBusy(false);
    }
  };
  return { save, errors, error, busy };
};

interface PostFormDialogProps {
  courseId: string;
  categories: DiscussionCategory[];
  /** The post being edited; a new post without it. */
  post?: PostDetails;
  onClose: () => void;
}

/** New post or edit: title, category, the rich text body, attachments and mentions, checked with the contract's schema. */
export const PostFormDialog = ({ courseId, categories, post, onClose }: PostFormDialogProps) => {
  const { t } = useTranslation('discussions');
  const [values, setValues] = useState<Values>({ title: post?.title ?? '', bodyHtml: post?.bodyHtml ?? '', categoryId: post?.category?.id ?? null });
  const [kept, setKept] = useState<AttachmentRef[]>(post?.attachments ?? []);
  const [people, setPeople] = useState<PersonRef[]>([]);
  const files = useUploadedFiles((file, onProgress) => uploadPostAttachment(courseId, file, onProgress));
  const { save, errors, error, busy } = useSavePost(courseId, post, onClose);
  const dirty = () => values.title !== (post?.title ?? '') || values.bodyHtml !== (post?.bodyHtml ?? '') || files.count > 0 || people.length > 0;
  const cancel = useDiscardCancel(dirty, onClose);
  const set = (patch: Partial<Values>) => setValues((v) => ({ ...v, ...patch }));
  const submit = () => {
    // Every picked person is named in the body (withMentions adds the missing ones).
    const bodyHtml = withMentions(values.bodyHtml, people);
    const attachmentIds = [...kept, ...files.peek()].map((f) => f.id);
    return save({ ...values, title: values.title.trim(), bodyHtml, attachmentIds, mentionIds: [...new Set(people.map((p) => p.id))] });
  };
  return (
    <FormModal opened title={post ? t('form.editTitle') : t('form.newTitle')} onClose={() => void cancel()}>
      <form noValidate onSubmit={onSubmitWith(submit)}>
        <Stack gap="sm">
          <TextInput
            label={t('form.title')}
            required
            value={values.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            error={errors.title}
            maxLength={POST_TITLE_MAX}
            data-autofocus
          />
          <Select
            label={t('form.category')}
            placeholder={t('form.noCategory')}
            clearable
            data={categories.map((c) => ({ value: c.id, label: c.name }))}
            value={values.categoryId}
            onChange={(v) => set({ categoryId: v })}
            error={errors.categoryId}
            comboboxProps={{ withinPortal: true }}
          />
          <Suspense fallback={<Loader size="sm" role="progressbar" aria-label={t('form.loadingEditor')} />}>
            <RichTextField
              label={t('form.body')}
              value={values.bodyHtml}
              onChange={(html) => set({ bodyHtml: html })}
              error={errors.bodyHtml}
              stickyOffset={0}
            />
          </Suspense>
          <KeptFiles files={kept} onRemove={(fid) => setKept((k) => k.filter((f) => f.id !== fid))} />
          <UploadBox
            key={files.boxKey}
            types={[ANY_FILE_TYPE]}
            maxBytes={FILE_MAX_BYTES}
            maxFiles={Math.max(1, POST_ATTACHMENTS_MAX - kept.length)}
            onUpload={files.upload}
            onRemove={files.remove}
            label={t('form.attachments')}
          />
          {(errors.attachmentIds ?? errors.mentionIds) && (
            <Text role="alert" size="sm" c="var(--mantine-color-error)">
              {errors.attachmentIds ?? errors.mentionIds}
            </Text>
          )}
          <MentionSelect courseId={courseId} value={people} onChange={setPeople} label={t('form.mentions')} />
          <ErrorText error={error} />
          <FormActions onCancel={cancel} busy={busy} />
        </Stack>
      </form>
    </FormModal>
  );
};
