import { describe, expect, it } from 'vitest';
import { formatLoadTable, LoadRecorder, loadVerdict, percentile, REFUSED_SUFFIX } from './report';

describe('the load report', () => {
  it('takes percentiles by nearest rank', () => {
    // Arrange
    const sorted = Array.from({ length: 100 }, (_, index) => index + 1);

    // Act and assert
    expect(percentile(sorted, 50)).toBe(50);
    expect(percentile(sorted, 95)).toBe(95);
    expect(percentile(sorted, 99)).toBe(99);
    expect(percentile([7], 99)).toBe(7);
    expect(percentile([], 50)).toBeNull();
  });

  it('counts answers, non-2xx and unanswered requests per row, rates over the run, and keeps expected 429s apart', () => {
    // Arrange
    const recorder = new LoadRecorder(['GET /deals', 'POST /quote-requests']);
    for (let ms = 1; ms <= 20; ms++) recorder.answered('GET /deals', 200, ms, false);
    recorder.answered('GET /deals', 404, 3, false);
    recorder.unanswered('GET /deals');
    recorder.answered('POST /quote-requests', 201, 40, false);
    recorder.answered('POST /quote-requests', 429, 5, true);
    recorder.answered('POST /quote-requests', 429, 6, true);

    // Act
    const rows = recorder.rows(10);
    const total = recorder.total(10);

    // Assert
    expect(rows.map((row) => row.name)).toEqual(['GET /deals', 'POST /quote-requests', `POST /quote-requests${REFUSED_SUFFIX}`]);
    expect(rows[0]).toMatchObject({ requests: 22, perSecond: 2.1, p50: 10, p95: 19, p99: 20, non2xx: 1, errors: 1 });
    expect(rows[1]).toMatchObject({ requests: 1, p50: 40, non2xx: 0, expectedRefusals: 0 });
    expect(rows[2]).toMatchObject({ requests: 2, p99: 6, non2xx: 0, expectedRefusals: 2 });
    expect(total).toMatchObject({ name: 'total', requests: 25, perSecond: 2.4, non2xx: 1, expectedRefusals: 2, errors: 1 });
  });

  it('prints one aligned table with a line per row and the total last', () => {
    // Arrange
    const recorder = new LoadRecorder(['GET /dashboard', 'POST /quote-requests']);
    recorder.answered('GET /dashboard', 200, 12.4, false);
    recorder.answered('GET /dashboard', 200, 4.25, false);
    recorder.answered('POST /quote-requests', 429, 8, true);

    // Act
    const table = formatLoadTable(recorder.rows(2), recorder.total(2));

    // Assert
    expect(table.split('\n')).toEqual([
      'route                                         requests  req/s  p50 ms  p95 ms  p99 ms     non-2xx  errors',
      '--------------------------------------------  --------  -----  ------  ------  ------  ----------  ------',
      'GET /dashboard                                       2    1.0     4.3      12      12           0       0',
      'POST /quote-requests                                 0    0.0       -       -       -           0       0',
      'POST /quote-requests (429: per-source limit)         1    0.5     8.0     8.0     8.0  1 expected       0',
      'total                                                3    1.5     8.0      12      12  1 expected       0',
    ]);
  });

  describe('the exit decision', () => {
    const totalOf = (record: (recorder: LoadRecorder) => void) => {
      const recorder = new LoadRecorder(['GET /deals']);
      record(recorder);
      return recorder.total(1);
    };

    it('is clean when every request was answered in 2xx or as an expected 429', () => {
      const total = totalOf((recorder) => {
        recorder.answered('GET /deals', 200, 5, false);
        recorder.answered('GET /deals', 429, 5, true);
      });
      expect(loadVerdict(total, 0)).toEqual({ clean: true, faults: [] });
    });

    it('fails on a 5xx, an unexpected 4xx, an unanswered request, or errors only autocannon saw', () => {
      expect(
        loadVerdict(
          totalOf((recorder) => recorder.answered('GET /deals', 502, 5, false)),
          0,
        ),
      ).toEqual({
        clean: false,
        faults: ['1 answer(s) in 5xx'],
      });
      expect(
        loadVerdict(
          totalOf((recorder) => recorder.answered('GET /deals', 401, 5, false)),
          0,
        ).faults,
      ).toEqual(['1 unexpected 4xx answer(s)']);
      const unanswered = totalOf((recorder) => {
        recorder.answered('GET /deals', 200, 5, false);
        recorder.unanswered('GET /deals');
      });
      expect(loadVerdict(unanswered, 0).faults).toEqual(['1 request(s) got no answer (timeout or connection error)']);
      const answered = totalOf((recorder) => recorder.answered('GET /deals', 200, 5, false));
      expect(loadVerdict(answered, 2).faults).toEqual(['2 request(s) got no answer (timeout or connection error)']);
    });

    it('fails when nothing was answered at all', () => {
      expect(
        loadVerdict(
          totalOf(() => {}),
          0,
        ).faults,
      ).toEqual(['no request was answered']);
    });
  });
});
