/**
 * A test: one group of choices per question. Submitting sends the answers with Mark as Complete; the server grades
 * them and records the score. Every question must be answered first. Once completed, the recorded score shows.
 */
import { useId, useState, type FormEvent } from 'react';
import type { AcademyItem } from '@shared/academy/api';
import { Button } from '@web/components/ui/button';
import styles from './academy.module.css';

export interface AcademyTestFormProps {
  item: AcademyItem;
  saving: boolean;
  onSubmit: (answers: number[]) => void;
}

export function AcademyTestForm({ item, saving, onSubmit }: AcademyTestFormProps) {
  const baseId = useId();
  const questions = item.questions ?? [];
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => questions.map(() => undefined));
  const [showMissing, setShowMissing] = useState(false);
  const missing = answers.filter((answer) => answer === undefined).length;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (missing > 0) {
      setShowMissing(true);
      return;
    }
    onSubmit(answers as number[]);
  };

  return (
    <form onSubmit={submit} aria-label={`${item.title} questions`} className={styles.test}>
      <ol className={styles.questions}>
        {questions.map((question, questionIndex) => {
          const name = `${baseId}-q${questionIndex}`;
          const unanswered = showMissing && answers[questionIndex] === undefined;
          return (
            <li key={questionIndex}>
              <fieldset className={styles.question} aria-describedby={unanswered ? `${name}-missing` : undefined}>
                <legend className={styles.prompt}>
                  {/* The number is drawn here rather than by the list marker, which sat off the prompt's line. */}
                  <span className={styles.questionNumber} data-question-number aria-hidden="true">
                    {questionIndex + 1}.
                  </span>
                  {question.prompt}
                </legend>
                {question.choices.map((choice, choiceIndex) => (
                  <label key={choiceIndex} className={styles.choice}>
                    <input
                      type="radio"
                      name={name}
                      value={choiceIndex}
                      checked={answers[questionIndex] === choiceIndex}
                      disabled={item.completed || saving}
                      onChange={() =>
                        setAnswers((current) => current.map((answer, index) => (index === questionIndex ? choiceIndex : answer)))
                      }
                    />
                    <span>{choice}</span>
                  </label>
                ))}
                {unanswered && (
                  <p id={`${name}-missing`} className={styles.missing}>
                    Choose an answer
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {item.completed ? (
        <p className={styles.score} role="status">
          Completed{item.score === null ? '' : ` with a score of ${item.score}%`}
        </p>
      ) : (
        <Button type="submit" isLoading={saving} disabled={saving}>
          Submit answers and complete
        </Button>
      )}
      {showMissing && missing > 0 && !item.completed && (
        <p className={styles.missing} role="alert">
          Answer every question to complete the test ({missing} left).
        </p>
      )}
    </form>
  );
}
