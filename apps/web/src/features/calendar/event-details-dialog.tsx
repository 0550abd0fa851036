import { useState, type ReactNode } from 'react';
import { Anchor, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CALENDAR_PATH, type CalendarOccurrence, type EditScope, type EventDetails } from '@klase/core/calendar/contracts';
import { apiFetch } from '../../api/http.ts';
import { useConfirm } from '../../components/confirm-dialog.tsx';
import { NARROW_QUERY } from '../../components/data-table/types.ts';
import { ErrorText } from '../../components/error-text.tsx';
import { useTone } from '../../components/tones.ts';
import { toastSuccess } from '../../lib/toasts.ts';
import { calendarKeys, deleteEventCall } from './calendar-api.ts';
import { KIND_COLORS, KindIcon, colorKeyOf } from './event-kinds.tsx';
import { useScopeQuestion } from './scope-question.tsx';
import { useWhenText } from './when-text.ts';

const Row = ({ label, children }: { label: string; children: ReactNode }) => {
  const muted = useTone('muted');
  return (
    <Stack gap={0}>
      <Text size="sm" c={muted} fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
};

/** Where the occurrence belongs: class, course, group. */
const contextText = (o: CalendarOccurrence) => [o.context.className, o.context.courseName, o.context.groupName].filter(Boolean).join(' · ');

/** Asks (the scope for a series, else a plain confirmation), deletes, says so. */
const useDeleteOccurrence = () => {
  const { t } = useTranslation('calendar');
  const confirm = useConfirm();
  const askScope = useScopeQuestion();
  const queryClient = useQueryClient();
  return async (o: CalendarOccurrence): Promise<boolean> => {
    let scope: EditScope | null = 'all';
    if (o.repeat !== 'never') scope = await askScope('delete');
    else if (!(await confirm({ title: t('delete.title'), message: t('delete.message', { title: o.title }), confirmLabel: t('delete.confirm'), danger: true })))
      scope = null;
    if (!scope) return false;
    await deleteEventCall(o.id, scope, scope === 'this' ? o.occurrence : null);
    await queryClient.invalidateQueries({ queryKey: calendarKeys.all });
    toastSuccess(t('delete.done'));
    return true;
  };
};

interface EventDetailsDialogProps {
  occurrence: CalendarOccurrence;
  onEdit: (details: EventDetails) => void;
  onClose: () => void;
}

/** What the dialog says of an occurrence: kind, repeat, when, context, place, link, description, due work. */
const OccurrenceFacts = ({ occurrence: o }: { occurrence: CalendarOccurrence }) => {
  const { t } = useTranslation(['calendar', 'common']);
  const when = useWhenText();
  const key = colorKeyOf(o);
  const context = contextText(o);
  return (
    <>
      <Group gap="xs">
        <Badge color={KIND_COLORS[key]} leftSection={<KindIcon kind={key} />} variant="filled">
          {t(`kinds.${key}`)}
        </Badge>
        {o.repeat !== 'never' && (
          <Badge variant="outline" color="gray.8">
            {t(`repeat.${o.repeat}`)}
          </Badge>
        )}
        {o.exception && (
          <Badge variant="outline" color="gray.8">
            {t('details.exception')}
          </Badge>
        )}
      </Group>
      <Row label={t('details.when')}>{when(o)}</Row>
      {context && <Row label={t('details.context')}>{context}</Row>}
      {o.location && <Row label={t('form.location')}>{o.location}</Row>}
      {o.meetingUrl && (
        <Row label={t('form.meetingUrl')}>
          <Anchor href={o.meetingUrl} target="_blank" rel="noopener noreferrer">
            {o.meetingUrl}
          </Anchor>
        </Row>
      )}
      {o.description && (
        <Row label={t('form.description')}>
          <Text style={{ whiteSpace: 'pre-wrap' }}>{o.description}</Text>
        </Row>
      )}
      {o.due && (
        <Anchor component={Link} to={o.due.link} fw={600}>
          {t('details.openMaterial')}
        </Anchor>
      )}
    </>
  );
};

/** An occurrence's details: when, kind, context, location, meeting link, due work's link; edit and delete. */
export const EventDetailsDialog = ({ occurrence: o, onEdit, onClose }: EventDetailsDialogProps) => {
  const { t } = useTranslation(['calendar', 'common']);
  const narrow = useMediaQuery(NARROW_QUERY) ?? false;
  const queryClient = useQueryClient();
  const remove = useDeleteOccurrence();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const act = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const edit = () =>
    act(async () => {
      const details = await queryClient.fetchQuery({
        queryKey: calendarKeys.event(o.id),
        queryFn: () => apiFetch<EventDetails>(`${CALENDAR_PATH}/events/${encodeURIComponent(o.id)}`),
        staleTime: 0,
      });
      onEdit(details);
    });
  return (
    <Modal opened onClose={onClose} title={o.title} size="md" fullScreen={narrow} centered={!narrow} closeButtonProps={{ 'aria-label': t('common:close') }}>
      <Stack gap="sm" data-testid="event-details">
        <OccurrenceFacts occurrence={o} />
        <ErrorText error={error} />
        <Group justify="flex-end" gap="sm">
          {o.kind === 'event' && o.canEdit && (
            <>
              <Button variant="outline" color="red.9" loading={busy} onClick={() => void act(async () => (await remove(o)) && onClose())}>
                {t('details.delete')}
              </Button>
              <Button loading={busy} onClick={() => void edit()}>
                {t('details.edit')}
              </Button>
            </>
          )}
          <Button variant="default" onClick={onClose}>
            {t('common:close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
