import { Suspense } from 'react';
import { Alert, AspectRatio, Button, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconExternalLink, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MaterialDetails } from '@klase/core/materials/contracts';
import { formatBytes } from '@klase/core/upload';
import { DateText } from '../../components/date-text.tsx';
import { DetailList } from '../../components/detail-list.tsx';
import { RichContent } from '../../components/rich-content.tsx';
import { slot } from '../../lib/slots.ts';
import { isGradedType } from './material-form-values.ts';
import { videoEmbedUrl } from './video-embed.ts';

export { RichContent, withExternalLinks } from '../../components/rich-content.tsx';

const Description = ({ text }: { text: string | null }) => (text ? <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{text}</Text> : null);

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
};

/** A button to an address outside the app, in a new tab. */
const ExternalButton = ({ href, children }: { href: string; children: string }) => {
  const { t } = useTranslation('materials');
  return (
    <Button
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      leftSection={<IconExternalLink size={16} aria-hidden="true" />}
      w="fit-content"
      maw="100%"
    >
      {children}
      <VisuallyHidden>{` (${t('viewer.newTab')})`}</VisuallyHidden>
    </Button>
  );
};

const VideoView = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('materials');
  const url = material.url ?? '';
  const embed = videoEmbedUrl(url);
  return (
    <Stack gap="sm">
      {embed && (
        <AspectRatio ratio={16 / 9} maw={960}>
          <iframe
            src={embed}
            title={t('viewer.videoTitle', { name: material.name })}
            allow="encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
          />
        </AspectRatio>
      )}
      <Description text={material.description} />
      <ExternalButton href={url}>{t(embed ? 'viewer.openVideoOn' : 'viewer.openVideo', { host: hostOf(url) })}</ExternalButton>
    </Stack>
  );
};

const FileView = ({ material }: { material: MaterialDetails }) => {
  const { t } = useTranslation('materials');
  const file = material.file;
  if (!file) return <Text>{t('viewer.noFile')}</Text>;
  return (
    <Stack gap="sm">
      <DetailList
        items={[
          { label: t('viewer.fileName'), value: file.name },
          { label: t('viewer.fileSize'), value: formatBytes(file.size) },
          { label: t('viewer.fileType'), value: file.mime },
        ]}
      />
      <Description text={material.description} />
      <Button component="a" href={file.downloadUrl} download={file.name} leftSection={<IconDownload size={16} aria-hidden="true" />} w="fit-content">
        {t('viewer.download')}
      </Button>
    </Stack>
  );
};

/** Where a graded material lives, for its work panel (a class course; the catalogue has no work). */
export interface AssessmentPlace {
  classId: string;
  courseId: string;
  /** The teacher's student-mode preview: the student's layout, disabled. */
  studentMode?: boolean;
}

// The work panels of issue 6 load with the first graded material opened, not with every element page.
const PANELS = { assignment: slot('assignmentPanel'), activity: slot('activityPanel'), quiz: slot('quizPanel') };

const GradedView = ({ material, type, place }: { material: MaterialDetails; type: 'assignment' | 'quiz' | 'activity'; place?: AssessmentPlace }) => {
  const { t } = useTranslation('materials');
  const Panel = PANELS[type];
  return (
    <Stack gap="md">
      <DetailList
        items={[
          { label: t('viewer.due'), value: material.dueAt ? <DateText value={material.dueAt} /> : t('viewer.noDueDate') },
          { label: t('viewer.maxPoints'), value: material.maxPoints === null ? null : t('viewer.points', { count: material.maxPoints }) },
        ]}
      />
      {material.instructions ? <RichContent html={material.instructions} label={t('viewer.instructions')} /> : <Text>{t('viewer.noInstructions')}</Text>}
      {place ? (
        <Suspense fallback={<Skeleton height={160} aria-busy="true" />}>
          <Panel material={material} classId={place.classId} courseId={place.courseId} studentMode={place.studentMode} />
        </Suspense>
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />} styles={{ message: { color: 'var(--mantine-color-text)' } }}>
          {t(`viewer.studentNote.${type}`)}
        </Alert>
      )}
    </Stack>
  );
};

/**
 * One material as a student reads it: the page, the link, the video, the file or the task. With a
 * `place` (a class course) a graded material shows its work panel: submitting, taking the quiz,
 * the grade, or the teacher's way to the submissions.
 */
export const MaterialViewer = ({ material, place }: { material: MaterialDetails; place?: AssessmentPlace }) => {
  const { t } = useTranslation('materials');
  const { type } = material;
  let body;
  if (type === 'page') body = material.contentHtml ? <RichContent html={material.contentHtml} label={material.name} /> : <Text>{t('viewer.emptyPage')}</Text>;
  else if (type === 'link')
    body = (
      <Stack gap="sm">
        <Description text={material.description} />
        <ExternalButton href={material.url ?? ''}>{t('viewer.openLink', { host: hostOf(material.url ?? '') })}</ExternalButton>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {material.url}
        </Text>
      </Stack>
    );
  else if (type === 'video') body = <VideoView material={material} />;
  else if (type === 'file') body = <FileView material={material} />;
  else if (isGradedType(type)) body = <GradedView material={material} type={type} place={place} />;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} data-testid="material-viewer" data-type={type}>
      {body}
    </Paper>
  );
};
