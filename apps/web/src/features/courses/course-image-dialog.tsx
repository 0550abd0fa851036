import { Button, Group, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { IMAGE_MAX_BYTES } from '@klase/core/constants';
import type { CourseDetails } from '@klase/core/courses/contracts';
import { UploadBox } from '../../components/upload-box.tsx';
import { toastSuccess } from '../../lib/toasts.ts';
import { CourseImage } from '../../components/course-image.tsx';
import { deleteCourseImageCall, invalidateCourseScope, uploadCourseImageCall, useCourseAction } from '../../api/courses-api.ts';
import { FormModal } from '../../components/form-modal.tsx';

const IMAGE_TYPES = ['jpeg', 'jpg', 'png'] as const;

/**
 * The course's picture: the current one (or its coloured placeholder), an upload box for one jpeg
 * or png under 2 MB with a progress bar (the server checks the content and its refusals show
 * under the box), and removal after a confirmation. Mount it only while open.
 */
export const CourseImageDialog = ({ course, onClose }: { course: CourseDetails; onClose: () => void }) => {
  const { t } = useTranslation(['courses', 'common']);
  const queryClient = useQueryClient();
  const { busy, run } = useCourseAction(course.classId);

  const upload = async (files: File[], onProgress: (percent: number) => void) => {
    const [file] = files;
    if (!file) return;
    await uploadCourseImageCall(course.id, file, onProgress);
    await invalidateCourseScope(queryClient, course.classId);
    toastSuccess(t('image.uploaded'));
  };

  const remove = () =>
    void run('removeImage', {
      ask: { title: t('image.removeTitle'), message: t('image.removeConfirm'), confirmLabel: t('image.remove'), danger: true },
      success: t('image.removed'),
      send: () => deleteCourseImageCall(course.id),
    });

  return (
    <FormModal opened title={t('image.title')} onClose={onClose}>
      <Stack gap="md">
        <CourseImage course={course} height={160} codeSize="xl" />
        <Text size="sm">{t('image.hint')}</Text>
        <UploadBox types={IMAGE_TYPES} maxBytes={IMAGE_MAX_BYTES} maxFiles={1} onUpload={upload} label={t('image.upload')} />
        <Group justify="space-between" gap="sm">
          {course.imageUrl ? (
            <Button variant="default" color="red.9" leftSection={<IconTrash size={16} aria-hidden="true" />} loading={busy === 'removeImage'} onClick={remove}>
              {t('image.remove')}
            </Button>
          ) : (
            <span />
          )}
          <Button onClick={onClose}>{t('common:close')}</Button>
        </Group>
      </Stack>
    </FormModal>
  );
};
