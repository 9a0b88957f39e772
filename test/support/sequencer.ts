import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * vitest's own order, except that checks over the whole run go last: the least-privilege test decides every AWS
 * call the other files made through the packaged functions.
 */
export const RUN_LAST = ['test/api/least-privilege.test.ts'];

export default class WholeRunChecksLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const isLast = (file: TestSpecification) => RUN_LAST.some((path) => file.moduleId.endsWith(path));
    return [...sorted.filter((file) => !isLast(file)), ...sorted.filter(isLast)];
  }
}
