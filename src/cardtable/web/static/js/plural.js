// gettext's plural rule (a C expression of n: `(n != 1)`, `n==1 ? 0 : n%10==2 ? 1 : 2`…) as a
// function, read by a small parser instead of `new Function`: the pages' Content-Security-Policy
// runs no string as script. Precedence as in C: ?: < || < && < == != < < > <= >= < + - < * / %
// < unary ! -. Anything else in the rule: null (the caller falls back to English's rule).
const TOKEN = /\s*(\d+|n|\|\||&&|==|!=|<=|>=|[()?:<>+\-*/%!])/y;

function tokens(rule) {
  const found = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < rule.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(rule);
    if (!match) {
      if (/^\s*$/.test(rule.slice(start))) break;
      return null;
    }
    found.push(match[1]);
  }
  return found;
}

const BINARY = [
  ['||'], ['&&'], ['==', '!='], ['<', '>', '<=', '>='], ['+', '-'], ['*', '/', '%'],
];
const APPLY = {
  '||': (a, b) => (a || b ? 1 : 0),
  '&&': (a, b) => (a && b ? 1 : 0),
  '==': (a, b) => (a === b ? 1 : 0),
  '!=': (a, b) => (a !== b ? 1 : 0),
  '<': (a, b) => (a < b ? 1 : 0),
  '>': (a, b) => (a > b ? 1 : 0),
  '<=': (a, b) => (a <= b ? 1 : 0),
  '>=': (a, b) => (a >= b ? 1 : 0),
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => (b ? Math.trunc(a / b) : 0),
  '%': (a, b) => (b ? a % b : 0),
};

// The rule as a function of n, or null when it is not a plural rule this parser reads.
export function compileRule(rule) {
  const list = tokens(String(rule));
  if (!list || !list.length) return null;
  let at = 0;
  const peek = () => list[at];
  const take = (expected) => {
    if (list[at] !== expected) throw new Error(`expected ${expected}`);
    at += 1;
  };

  function primary() {
    const token = list[at];
    at += 1;
    if (token === 'n') return (n) => n;
    if (token !== undefined && /^\d+$/.test(token)) {
      const value = Number(token);
      return () => value;
    }
    if (token === '(') {
      const inner = ternary();
      take(')');
      return inner;
    }
    if (token === '!') {
      const operand = primary();
      return (n) => (operand(n) ? 0 : 1);
    }
    if (token === '-') {
      const operand = primary();
      return (n) => -operand(n);
    }
    throw new Error('unexpected token');
  }

  function binary(level) {
    if (level === BINARY.length) return primary();
    let left = binary(level + 1);
    while (BINARY[level].includes(peek())) {
      const op = list[at];
      at += 1;
      const right = binary(level + 1);
      const l = left;
      left = (n) => APPLY[op](l(n), right(n));
    }
    return left;
  }

  function ternary() {
    const condition = binary(0);
    if (peek() !== '?') return condition;
    at += 1;
    const yes = ternary();
    take(':');
    const no = ternary();
    return (n) => (condition(n) ? yes(n) : no(n));
  }

  try {
    const whole = ternary();
    return at === list.length ? (n) => Number(whole(n)) : null;
  } catch (error) {
    return null;
  }
}
