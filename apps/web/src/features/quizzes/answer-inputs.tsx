import { lazy, Suspense, useState } from 'react';
import { Checkbox, NativeSelect, NumberInput, Radio, Skeleton, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ANSWER_TEXT_MAX, htmlHasContent, type AnswerOf, type AnswerValue, type PublicQuestion } from '@klase/core/quizzes/questions';

/** The editor (tiptap) loads only when an essay question is on the page. */
const RichTextField = lazy(() => import('../../components/rich-text-editor.tsx').then((m) => ({ default: m.RichTextField })));

/** How an answer is saved: typed ones after a pause, picked ones at once. */
export type SaveKind = 'typed' | 'picked';

interface AnswerInputProps<Q extends PublicQuestion = PublicQuestion> {
  question: Q;
  value: AnswerValue | undefined;
  /** The field's accessible name ("Your answer to question 2"). */
  label: string;
  disabled?: boolean;
  onChange: (value: AnswerValue, kind: SaveKind) => void;
}

type Of<T extends PublicQuestion['type']> = AnswerInputProps<Extract<PublicQuestion, { type: T }>>;
const valueOf = <T extends AnswerValue['type']>(value: AnswerValue | undefined, type: T): AnswerOf<T> | undefined =>
  value?.type === type ? (value as AnswerOf<T>) : undefined;

/** Whether the student has given an answer (a matching question: every item matched). */
export const isAnswered = (q: PublicQuestion, a: AnswerValue | undefined): boolean => {
  if (!a || a.type !== q.type) return false;
  switch (a.type) {
    case 'multipleChoice':
      return a.choiceIds.length > 0;
    case 'trueFalse':
    case 'numeric':
      return true;
    case 'shortAnswer':
      return a.text.trim() !== '';
    case 'matching':
      return q.type === 'matching' && q.lefts.every((l) => Object.hasOwn(a.pairs, l.id));
    case 'essay':
      return htmlHasContent(a.html);
  }
};

const ChoiceAnswer = ({ question: q, value, label, disabled, onChange }: Of<'multipleChoice'>) => {
  const { t } = useTranslation('quizzes');
  const picked = valueOf(value, 'multipleChoice')?.choiceIds ?? [];
  if (q.multiple)
    return (
      <Checkbox.Group
        label={label}
        description={t('attempt.chooseAll')}
        value={picked}
        onChange={(ids) => onChange({ type: 'multipleChoice', choiceIds: ids }, 'picked')}
      >
        <Stack gap="xs" mt="xs">
          {q.choices.map((c) => (
            <Checkbox key={c.id} value={c.id} label={c.text} disabled={disabled} />
          ))}
        </Stack>
      </Checkbox.Group>
    );
  return (
    <Radio.Group label={label} value={picked[0] ?? null} onChange={(id) => onChange({ type: 'multipleChoice', choiceIds: [id] }, 'picked')}>
      <Stack gap="xs" mt="xs">
        {q.choices.map((c) => (
          <Radio key={c.id} value={c.id} label={c.text} disabled={disabled} />
        ))}
      </Stack>
    </Radio.Group>
  );
};

const TrueFalseAnswer = ({ value, label, disabled, onChange }: Of<'trueFalse'>) => {
  const { t } = useTranslation('quizzes');
  const v = valueOf(value, 'trueFalse')?.value;
  return (
    <Radio.Group label={label} value={v === undefined ? null : String(v)} onChange={(s) => onChange({ type: 'trueFalse', value: s === 'true' }, 'picked')}>
      <Stack gap="xs" mt="xs">
        <Radio value="true" label={t('answer.true')} disabled={disabled} />
        <Radio value="false" label={t('answer.false')} disabled={disabled} />
      </Stack>
    </Radio.Group>
  );
};

const ShortAnswer = ({ question: q, value, label, disabled, onChange }: Of<'shortAnswer'>) => {
  const { t } = useTranslation('quizzes');
  return (
    <TextInput
      label={label}
      description={q.caseSensitive ? t('attempt.caseSensitive') : undefined}
      maxLength={ANSWER_TEXT_MAX}
      value={valueOf(value, 'shortAnswer')?.text ?? ''}
      disabled={disabled}
      autoComplete="off"
      onChange={(e) => onChange({ type: 'shortAnswer', text: e.currentTarget.value }, 'typed')}
    />
  );
};

/** A number keeps its own text while typed ("-", "1."): only a number is saved. */
const NumericAnswer = ({ value, label, disabled, onChange }: Of<'numeric'>) => {
  const { t } = useTranslation('quizzes');
  const [text, setText] = useState<number | string>(valueOf(value, 'numeric')?.value ?? '');
  return (
    <NumberInput
      label={label}
      description={t('attempt.numberHint')}
      value={text}
      disabled={disabled}
      decimalScale={10}
      hideControls
      style={{ maxWidth: 260 }}
      onChange={(v) => {
        setText(v);
        if (typeof v === 'number' && Number.isFinite(v)) onChange({ type: 'numeric', value: v }, 'typed');
      }}
    />
  );
};

const MatchingAnswer = ({ question: q, value, label, disabled, onChange }: Of<'matching'>) => {
  const { t } = useTranslation('quizzes');
  const pairs = valueOf(value, 'matching')?.pairs ?? {};
  const choose = (leftId: string, rightId: string) => {
    const next = { ...pairs };
    if (rightId) next[leftId] = rightId;
    else delete next[leftId];
    onChange({ type: 'matching', pairs: next }, 'picked');
  };
  return (
    <Stack component="fieldset" gap="xs" m={0} p={0} style={{ border: 0, minWidth: 0 }}>
      <legend style={{ fontWeight: 500, fontSize: 'var(--mantine-font-size-sm)', padding: 0, marginBottom: 4 }}>{label}</legend>
      {q.lefts.map((left) => (
        <NativeSelect
          key={left.id}
          label={left.text}
          value={Object.hasOwn(pairs, left.id) ? pairs[left.id] : ''}
          disabled={disabled}
          onChange={(e) => choose(left.id, e.currentTarget.value)}
          data={[{ value: '', label: t('attempt.chooseMatch') }, ...q.rights.map((r) => ({ value: r.id, label: r.text }))]}
          styles={{ label: { overflowWrap: 'anywhere' } }}
        />
      ))}
    </Stack>
  );
};

const EssayAnswer = ({ value, label, onChange }: Of<'essay'>) => {
  const { t } = useTranslation('quizzes');
  return (
    <Suspense fallback={<Skeleton height={260} role="status" aria-label={t('editor.editorLoading')} />}>
      <RichTextField label={label} value={valueOf(value, 'essay')?.html ?? ''} onChange={(html) => onChange({ type: 'essay', html }, 'typed')} />
    </Suspense>
  );
};

/** The answer field of one question, by its type. */
export const AnswerInput = (props: AnswerInputProps) => {
  const { question } = props;
  switch (question.type) {
    case 'multipleChoice':
      return <ChoiceAnswer {...props} question={question} />;
    case 'trueFalse':
      return <TrueFalseAnswer {...props} question={question} />;
    case 'shortAnswer':
      return <ShortAnswer {...props} question={question} />;
    case 'numeric':
      return <NumericAnswer {...props} question={question} />;
    case 'matching':
      return <MatchingAnswer {...props} question={question} />;
    case 'essay':
      return <EssayAnswer {...props} question={question} />;
  }
};
