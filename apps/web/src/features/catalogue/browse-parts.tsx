import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Card, CloseButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBook, IconListDetails, IconPlus, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ErrorText } from '../../components/error-text.tsx';
import { useClassDetails } from '../../api/class-api.ts';
import { useClassText } from '../../lib/class-format.ts';
import { CourseImage } from '../../components/course-image.tsx';
import { BackLink } from '../../components/back-link.tsx';

/** What a card or header of a course to browse shows. */
export interface BrowseCourse {
  id: string;
  name: string;
  code: string;
  imageUrl: string | null;
  subject: string | null;
  gradeLevel: string | null;
  elementCount: number;
  materialCount: number;
}

/** "Science · Grade 7" (whichever is known). */
export const SubjectGrade = ({ course }: { course: Pick<BrowseCourse, 'subject' | 'gradeLevel'> }) => {
  const { grade } = useClassText();
  const line = [course.subject, course.gradeLevel ? grade(course.gradeLevel) : null].filter(Boolean).join(' · ');
  return line ? <Text size="sm">{line}</Text> : null;
};

export const CourseCounts = ({ course }: { course: Pick<BrowseCourse, 'elementCount' | 'materialCount'> }) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <Group gap="md">
      <Group gap={6} wrap="nowrap">
        <IconListDetails size={16} aria-hidden="true" />
        <Text size="sm">{t('counts.elements', { count: course.elementCount })}</Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        <IconBook size={16} aria-hidden="true" />
        <Text size="sm">{t('counts.materials', { count: course.materialCount })}</Text>
      </Group>
    </Group>
  );
};

interface BrowseCourseCardProps {
  course: BrowseCourse;
  /** Chips beside the code (source, category). */
  chips?: ReactNode;
  /** Lines under subject and grade (class, teacher, category). */
  details?: ReactNode;
  /** The card's buttons, at its bottom; they wrap on phones. */
  actions: ReactNode;
  /** The level of the course's name: one under the page's last heading. */
  headingOrder?: 2 | 3;
}

/** A course to look at or copy: image (or coloured code block), name, code, subject and grade, counts and buttons. */
export const BrowseCourseCard = ({ course, chips, details, actions, headingOrder = 3 }: BrowseCourseCardProps) => (
  <Card withBorder padding="md" radius="md" h="100%" data-testid="browse-course-card" component="article" aria-label={course.name}>
    <Card.Section mb="sm">
      <CourseImage course={course} height={110} />
    </Card.Section>
    <Stack gap={6} style={{ flex: 1 }}>
      <Title order={headingOrder} size="h4" style={{ overflowWrap: 'anywhere' }}>
        {course.name}
      </Title>
      <Group gap="xs" align="center">
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {course.code}
        </Text>
        {chips}
      </Group>
      <SubjectGrade course={course} />
      {details}
      <CourseCounts course={course} />
    </Stack>
    <Group gap="xs" mt="md">
      {actions}
    </Group>
  </Card>
);

/** "Add to class": disabled while a copy is being sent. */
export const AddToClassButton = ({ name, busy, disabled, onAdd }: { name: string; busy: boolean; disabled: boolean; onAdd: () => void }) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <Button leftSection={<IconPlus size={16} aria-hidden="true" />} loading={busy} disabled={disabled} aria-label={t('add.named', { name })} onClick={onAdd}>
      {t('add.button')}
    </Button>
  );
};

/**
 * Whether the signed-in user can add courses to the class (its teacher, the class not archived),
 * and the note that says why not.
 */
export const useCanAddToClass = (classId: string) => {
  const { t } = useTranslation('catalogueBrowse');
  const cls = useClassDetails(classId).data;
  const canAdd = cls !== undefined && cls.relation === 'teacher' && !cls.archived;
  const note =
    cls !== undefined && !canAdd ? (
      <Alert color="gray" variant="light" styles={{ message: { color: 'var(--mantine-color-text)' } }} data-testid="cannot-add">
        {cls.archived ? t('add.archived') : t('add.notTeacher')}
      </Alert>
    ) : null;
  return { canAdd, note };
};

export { BackLink };

export const LoadError = ({ error }: { error: unknown }) => (
  <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden="true" />}>
    <ErrorText error={error} />
  </Alert>
);

/** The search box of a course list (name, code or subject), with a button that clears it. */
export const CourseSearch = ({ value, onChange, maw, style }: { value: string; onChange: (value: string) => void; maw?: number; style?: CSSProperties }) => {
  const { t } = useTranslation('catalogueBrowse');
  return (
    <TextInput
      type="search"
      label={t('browse.search')}
      placeholder={t('browse.searchPlaceholder')}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden="true" />}
      rightSection={value ? <CloseButton aria-label={t('browse.clearSearch')} onClick={() => onChange('')} size="sm" /> : null}
      maxLength={200}
      maw={maw}
      style={style}
    />
  );
};
