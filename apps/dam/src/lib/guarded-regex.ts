import vm from 'node:vm';

/**
 * How long one value may take to test against an administrator's expression (ms): a sane expression over a value of
 * at most 1000 characters takes well under a millisecond; the budget leaves room for a busy machine.
 */
export const REGEX_TIME_BUDGET_MS = 100;

const TEST = new vm.Script('pattern.test(value)');
const context = vm.createContext({ pattern: /(?:)/u, value: '' });
// The first runs of a script with a timeout take several ms (measured 8 ms): take them now, not out of a sign-up's budget.
for (let warm = 0; warm < 3; warm++) TEST.runInContext(context, { timeout: 1_000 });

/**
 * `pattern.test(value)` within {@link REGEX_TIME_BUDGET_MS} (issue 14): the sign-up form's validations are regular
 * expressions administrators write, tested against what anonymous people send, and a backtracking expression such as
 * `(a+)+$` or `a*a*a*b` can take years on a crafted value. V8 interrupts a regular expression running in a `vm` script
 * when its timeout passes.
 * @returns whether it matches, or undefined when the budget ran out.
 */
export function testWithinBudget(pattern: RegExp, value: string, timeoutMs = REGEX_TIME_BUDGET_MS): boolean | undefined {
  context['pattern'] = pattern;
  context['value'] = value;
  try {
    return TEST.runInContext(context, { timeout: timeoutMs }) === true;
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ERR_SCRIPT_EXECUTION_TIMEOUT') return undefined;
    throw error;
  } finally {
    context['value'] = '';
  }
}
