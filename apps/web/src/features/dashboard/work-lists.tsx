import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconChecklist, IconClipboardList, IconStar } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DueItem, PendingItem, RecentGrade } from '@klase/core/dashboard/contracts';
import type { MaterialType } from '@klase/core/class-work/contracts';
import { ListCard } from '../../components/list-card.tsx';
import { WorkStateBadge } from '../../components/work-state-badge.tsx';
import { useTone } from '../../components/tones.ts';
import { paths } from '../../config/paths.ts';
import { MaterialTypeIcon, useMaterialTypeLabel } from '../../components/material-types.tsx';
import { usePendingWork, useRecentGrades, useWhatsDue } from './api.ts';
import { dueText, waitingText, type Phrase } from './work-text.ts';
import { DateText } from '../../components/date-text.tsx';

/** What's Due's window (the API's default). */
const DUE_DAYS = 14;

const useSay = () => {
  const { t } = useTranslation('dashboard');
  return (p: Phrase) => t(p.key, p.params);
};

const DayText = ({ value }: { value: string }) => <DateText value={value} format="day" />;

interface ItemProps {
  item: { materialId: string; name: string; type: MaterialType; classId: string; courseId: string; elementId: string };
  /** "Class · Course" or the course alone. */
  place: string;
  children?: ReactNode;
  /** Beside the name: the state chip, the grade. */
  aside?: ReactNode;
}

/** One material of a list: its type, its name linking to it, where it sits and what is known of it. */
const Item = ({ item, place, children, aside }: ItemProps) => {
  const muted = useTone('muted');
  const typeLabel = useMaterialTypeLabel();
  return (
    <li data-testid="work-item">
      <Group gap="sm" justify="space-between" align="flex-start" wrap="nowrap">
        <Group gap="xs" align="flex-start" wrap="nowrap" miw={0}>
          <MaterialTypeIcon type={item.type} style={{ flexShrink: 0, marginTop: 2 }} />
          <Stack gap={2} miw={0}>
            <Anchor
              component={Link}
              to={paths.classCourseElement.to(item.classId, item.courseId, item.elementId, { materialId: item.materialId })}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {item.name}
              <VisuallyHidden> ({typeLabel(item.type)})</VisuallyHidden>
            </Anchor>
            <Text size="sm" c={muted} style={{ overflowWrap: 'anywhere' }}>
              {place}
            </Text>
            {children}
          </Stack>
        </Group>
        {aside}
      </Group>
    </li>
  );
};

const placeOf = (i: { className: string; courseName: string }) => `${i.className} · ${i.courseName}`;

const DueRow = ({ item, now }: { item: DueItem; now: Date }) => {
  const say = useSay();
  const danger = useTone('danger');
  return (
    <Item item={item} place={placeOf(item)} aside={<WorkStateBadge state={item.state} />}>
      <Text size="sm" c={item.overdue ? danger : undefined} fw={item.overdue ? 600 : undefined} data-overdue={item.overdue || undefined}>
        {say(dueText(item.dueAt, now))} · <DayText value={item.dueAt} />
      </Text>
    </Item>
  );
};

/** What's Due of the student, or (`childId`) of a parent's child. */
export const WhatsDueCard = ({ childId, subtitle }: { childId: string | null; subtitle?: string }) => {
  const { t } = useTranslation('dashboard');
  const q = useWhatsDue(childId);
  const now = new Date();
  const data = q.data;
  return (
    <ListCard
      title={t('whatsDue')}
      icon={<IconChecklist size={20} aria-hidden="true" />}
      subtitle={subtitle}
      summary={data && data.items.length > 0 ? t('dueSummary', { overdue: data.overdue, upcoming: data.upcoming }) : null}
      query={q}
      empty={data?.items.length === 0 ? t('empty.due', { days: DUE_DAYS }) : null}
      testId="whats-due"
    >
      {data?.items.map((item) => (
        <DueRow key={item.materialId} item={item} now={now} />
      ))}
    </ListCard>
  );
};

const PendingRow = ({ item, now }: { item: PendingItem; now: Date }) => {
  const { t } = useTranslation('dashboard');
  const say = useSay();
  return (
    <Item item={item} place={placeOf(item)}>
      <Text size="sm" fw={600}>
        {t('toGrade', { toGrade: item.toGrade, total: item.total })}
      </Text>
      <Text size="sm">{say(waitingText(item.oldestAt, now))}</Text>
    </Item>
  );
};

/** Work waiting to be graded in the classes a teacher or assistant teaches, the longest waiting first. */
export const PendingCard = () => {
  const { t } = useTranslation('dashboard');
  const q = usePendingWork();
  const now = new Date();
  const data = q.data;
  return (
    <ListCard
      title={t('pendingSubmissions')}
      icon={<IconClipboardList size={20} aria-hidden="true" />}
      summary={data && data.toGrade > 0 ? t('pendingSummary', { count: data.toGrade }) : null}
      query={q}
      empty={data?.items.length === 0 ? t('empty.pending') : null}
      testId="pending-submissions"
    >
      {data?.items.map((item) => (
        <PendingRow key={item.materialId} item={item} now={now} />
      ))}
    </ListCard>
  );
};

const GradeRow = ({ item }: { item: RecentGrade }) => {
  const { t, i18n } = useTranslation('dashboard');
  const f = new Intl.NumberFormat(i18n.language === 'ph' ? 'fil' : i18n.language === 'zh' ? 'zh-Hans' : 'en-US', { maximumFractionDigits: 2 });
  return (
    <Item
      item={item}
      place={item.courseName}
      aside={
        <Text fw={700} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
          <VisuallyHidden>{t('gradeLabel')} </VisuallyHidden>
          {f.format(item.grade)} / {f.format(item.maxPoints)}
        </Text>
      }
    >
      <Text size="sm">
        {t('returned')} <DayText value={item.returnedAt} />
      </Text>
    </Item>
  );
};

/** The latest grades returned to a parent's child. */
export const RecentGradesCard = ({ childId, subtitle }: { childId: string; subtitle?: string }) => {
  const { t } = useTranslation('dashboard');
  const q = useRecentGrades(childId);
  const data = q.data;
  return (
    <ListCard
      title={t('recentGrades')}
      icon={<IconStar size={20} aria-hidden="true" />}
      subtitle={subtitle}
      query={q}
      empty={data?.items.length === 0 ? t('empty.grades') : null}
      testId="recent-grades"
    >
      {data?.items.map((item) => (
        <GradeRow key={item.materialId} item={item} />
      ))}
    </ListCard>
  );
};

/** A list card with only a message (a parent without a linked or chosen child). */
export const MessageCard = ({ text }: { text: string }) => {
  const { t } = useTranslation('dashboard');
  return <ListCard title={t('whatsDue')} icon={<IconChecklist size={20} aria-hidden="true" />} empty={text} testId="whats-due" />;
};
