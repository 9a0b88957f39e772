/**
 * A test: one group of choices per question. Submitting sends the answers with Mark as Complete; the server grades
 * them and records the score. Every question must be answered first. Once completed, the recorded score shows, and
 * each question of the attempt just submitted says in words whether it was answered correctly (never which choice
 * was right: the server does not send it).
 */
import { useId, useState, type FormEvent } from 'react';
import type { AcademyItem } from '@shared/academy/api';
import { Button } from '@web/components/ui/button';
import styles from './academy.module.css';

export interface AcademyTestFormProps {
  item: AcademyItem;
  saving: boolean;
  /** The grading of the attempt just submitted, one entry per question in order. */
  results?: readonly { correct: boolean }[] | undefined;
  onSubmit: (answers: number[]) => void;
}

export function AcademyTestForm({ item, saving, results, onSubmit }: AcademyTestFormProps) {
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
          const result = results?.[questionIndex];
          const describedBy = unanswered ? `${name}-missing` : result ? `${name}-result` : undefined;
          return (
            <li key={questionIndex}>
              <fieldset
                className={styles.question}
                aria-describedby={describedBy}
                data-result={result ? (result.correct ? 'correct' : 'incorrect') : undefined}
              >
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
                {result && (
                  <p id={`${name}-result`} className={result.correct ? styles.resultCorrect : styles.resultIncorrect}>
                    {result.correct ? 'Correct' : 'Incorrect'}
                  </p>
                )}
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
