import { useRef, useState, type ReactNode } from 'react';
import { Combobox, MultiSelect, Textarea, useCombobox, type TextareaProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { MENTIONS_MAX } from '@klase/core/discussions/contracts';
import type { PersonRef } from '@klase/core/messaging/contracts';
import { discussionKeys, listParticipants } from './discussions-api.ts';

const PICKER_DEBOUNCE_MS = 250;

/** The course's people whose name contains `q` (20 at most), for mentions. */
const useParticipants = (courseId: string, q: string, enabled: boolean) => {
  const [debounced] = useDebouncedValue(q, PICKER_DEBOUNCE_MS);
  return useQuery({ queryKey: discussionKeys.participants(courseId, debounced), queryFn: () => listParticipants(courseId, debounced), enabled });
};

/** The ids of the picked people whose `@Name` is still in `text` (at most `MENTIONS_MAX`). */
export const mentionedIds = (text: string, picked: readonly PersonRef[]): string[] =>
  [...new Set(picked.filter((p) => text.includes(`@${p.name}`)).map((p) => p.id))].slice(0, MENTIONS_MAX);

/** The `@word` being typed just before the caret, or null. */
export const mentionAt = (text: string, caret: number): { start: number; q: string } | null => {
  const m = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, q: m[2]! } : null;
};

interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  courseId: string;
  value: string;
  onChange: (value: string) => void;
  /** A person was picked (their `@Name ` is now in the text). */
  onMention: (person: PersonRef) => void;
}

/** A plain-text box where typing `@` and letters lists the course's people; picking one writes `@Name `. */
export const MentionTextarea = ({ courseId, value, onChange, onMention, ...props }: MentionTextareaProps) => {
  const { t } = useTranslation('discussions');
  const ref = useRef<HTMLTextAreaElement>(null);
  const combobox = useCombobox();
  const [token, setToken] = useState<{ start: number; q: string } | null>(null);
  const people = useParticipants(courseId, token?.q ?? '', token !== null);
  const track = (text: string, caret: number) => {
    const next = mentionAt(text, caret);
    setToken(next);
    if (next) combobox.openDropdown();
    else combobox.closeDropdown();
  };
  const pick = (id: string) => {
    const person = people.data?.items.find((p) => p.id === id);
    if (!person || !token) return;
    const caret = token.start + 1 + token.q.length;
    const next = `${value.slice(0, token.start)}@${person.name} ${value.slice(caret)}`;
    onChange(next);
    onMention(person);
    setToken(null);
    combobox.closeDropdown();
    const at = token.start + person.name.length + 2;
    requestAnimationFrame(() => ref.current?.setSelectionRange(at, at));
  };
  const items = people.data?.items ?? [];
  return (
    <Combobox store={combobox} onOptionSubmit={pick} position="bottom-start" withinPortal>
      <Combobox.Target targetType="input">
        <Textarea
          ref={ref}
          {...props}
          value={value}
          onChange={(e) => {
            onChange(e.currentTarget.value);
            track(e.currentTarget.value, e.currentTarget.selectionStart);
          }}
          onBlur={() => combobox.closeDropdown()}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={token === null}>
        <Combobox.Options aria-label={t('mentions.people')}>
          {items.length === 0 ? (
            <Combobox.Empty>{people.isFetching ? t('mentions.searching') : t('mentions.none')}</Combobox.Empty>
          ) : (
            items.map((p) => (
              <Combobox.Option key={p.id} value={p.id}>
                {p.name}
              </Combobox.Option>
            ))
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
};

/** People to mention in a post, found by name (their `@Name` goes into the post when it is saved). */
export const MentionSelect = ({
  courseId,
  value,
  onChange,
  label,
}: {
  courseId: string;
  value: PersonRef[];
  onChange: (people: PersonRef[]) => void;
  label: ReactNode;
}) => {
  const { t } = useTranslation('discussions');
  const [search, setSearch] = useState('');
  const people = useParticipants(courseId, search, true);
  const known = new Map([...value, ...(people.data?.items ?? [])].map((p) => [p.id, p]));
  return (
    <MultiSelect
      label={label}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      data={[...known.values()].map((p) => ({ value: p.id, label: p.name }))}
      value={value.map((p) => p.id)}
      onChange={(ids) => onChange(ids.flatMap((id) => known.get(id) ?? []))}
      maxValues={MENTIONS_MAX}
      nothingFoundMessage={people.isFetching ? t('mentions.searching') : t('mentions.none')}
      comboboxProps={{ withinPortal: true }}
    />
  );
};
