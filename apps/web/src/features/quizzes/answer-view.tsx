import type { ReactNode } from 'react';
import { List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { AnswerValue, PublicQuestion } from '@klase/core/quizzes/questions';
import type { AttemptResult } from '@klase/core/quizzes/contracts';
import { EmptyLabel } from '../../components/empty-label.tsx';
import { RichContent } from '../../components/rich-content.tsx';

const pairText = (left: string, right: string) => `${left} → ${right}`;

type Key = NonNullable<AttemptResult['questions'][number]['key']>;

const Lines = ({ items }: { items: ReactNode[] }) =>
  items.length === 1 ? (
    <Text style={{ overflowWrap: 'anywhere' }}>{items[0]}</Text>
  ) : (
    <List spacing={2} size="sm">
      {items.map((item, i) => (
        <List.Item key={i} style={{ overflowWrap: 'anywhere' }}>
          {item}
        </List.Item>
      ))}
    </List>
  );

/** The student's answer as text: the chosen choices' texts, "True", the matched pairs, the essay. */
export const StudentAnswer = ({ question: q, answer, label }: { question: PublicQuestion; answer: AnswerValue | null; label: string }) => {
  const { t } = useTranslation('quizzes');
  if (!answer || answer.type !== q.type) return <Text fs="italic">{t('result.noAnswer')}</Text>;
  switch (answer.type) {
    case 'multipleChoice': {
      const choices = q.type === 'multipleChoice' ? q.choices : [];
      const texts = answer.choiceIds.map((id) => choices.find((c) => c.id === id)?.text ?? '');
      return texts.length ? <Lines items={texts} /> : <Text fs="italic">{t('result.noAnswer')}</Text>;
    }
    case 'trueFalse':
      return <Text>{t(answer.value ? 'answer.true' : 'answer.false')}</Text>;
    case 'shortAnswer':
      return answer.text.trim() ? (
        <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>{answer.text}</Text>
      ) : (
        <Text fs="italic">{t('result.noAnswer')}</Text>
      );
    case 'numeric':
      return <Text>{String(answer.value)}</Text>;
    case 'matching': {
      if (q.type !== 'matching') return <EmptyLabel />;
      return (
        <Lines
          items={q.lefts.map((l) => {
            const rightId = Object.hasOwn(answer.pairs, l.id) ? answer.pairs[l.id] : undefined;
            const right = q.rights.find((r) => r.id === rightId)?.text;
            return pairText(l.text, right ?? t('result.notMatched'));
          })}
        />
      );
    }
    case 'essay':
      return <RichContent html={answer.html} label={label} />;
  }
};

/** The answer key, shown only when the API sends it. */
export const KeyView = ({ keyOf: k }: { keyOf: Key }) => {
  const { t } = useTranslation('quizzes');
  switch (k.type) {
    case 'multipleChoice':
      return <Lines items={k.choices.filter((c) => k.correct.includes(c.id)).map((c) => c.text)} />;
    case 'trueFalse':
      return <Text>{t(k.correct ? 'answer.true' : 'answer.false')}</Text>;
    case 'shortAnswer':
      return <Lines items={k.accepted} />;
    case 'numeric':
      return <Text>{k.tolerance > 0 ? `${k.answer} (± ${k.tolerance})` : String(k.answer)}</Text>;
    case 'matching':
      return <Lines items={k.pairs.map((p) => pairText(p.left, p.right))} />;
    case 'essay':
      return k.guidance ? (
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{k.guidance}</Text>
      ) : (
        <Text fs="italic">{t('result.noGuidance')}</Text>
      );
  }
};
