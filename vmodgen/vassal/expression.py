"""VASSAL's BeanShell expressions (``{...}``, as Calculated Properties hold them), the part this
reader can evaluate without running Java: literals, property names, ``+ - * / %``, comparisons,
``&& || !``, ``?:``, ``If``, ``GetProperty`` and the common ``String`` methods.

Values follow ``ExpressionInterpreter.evaluate`` (VASSAL 3.7): a property whose text is
``true``/``false`` is a boolean, one made only of ``+-.0123456789`` an ``int`` (a ``float`` if it
is not an integer; a number too big for an ``int`` stays text), anything else text; a name
no one defines is ``""``. Java's rules then apply (``/`` between ints truncates), with VASSAL's
BeanShell changes (:func:`_apply`): ``""`` against an int is 0, text against text, a number or a
boolean is compared (``==``, ``<``...) or joined (``+``) as text. A Java error
(``-`` between texts, a bad ``parseInt``) makes VASSAL report it and give ``""``
(``Expression.tryEvaluate``): :class:`EvalError`. Anything else (other functions, methods,
Java classes) raises :class:`Unsupported`: the caller leaves the property unknown rather than
guess. No code is ever executed: the text is parsed here and walked."""
from __future__ import annotations

import re
from typing import Callable, Union

Value = Union[str, int, float, bool]
#: looks a property up: its text, or None when this reader cannot know it (VASSAL would)
Lookup = Callable[[str], "str | None"]

MAX_LENGTH = 4000       # longer expressions are not evaluated (Unsupported)
MAX_DEPTH = 60          # nesting of the parser


class Unsupported(Exception):
    """Not something this reader evaluates (or a property it cannot know)."""


class EvalError(Exception):
    """What makes BeanShell throw: VASSAL shows "" for the expression."""


_TOKEN = re.compile(r"""\s*(?:
    (?P<num>\d+\.\d*|\.\d+|\d+)[fFdDlL]? |
    (?P<str>"(?:[^"\\]|\\.)*") |
    (?P<chr>'(?:[^'\\]|\\.)') |
    (?P<name>[A-Za-z_$][A-Za-z0-9_$]*) |
    (?P<op>==|!=|<=|>=|&&|\|\||[-+*/%<>!?:(),.\[\]])
    )""", re.X)


def _tokens(text: str) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None or m.end() == pos:
            raise Unsupported(f"cannot read {text[pos:pos + 10]!r}")
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def strip_braces(expression: str) -> str | None:
    """The BeanShell text of ``{...}``; None when the text is not one (an old-style plain
    property name or ``$name$`` text)."""
    s = expression.strip()
    if s.startswith("{") and s.endswith("}"):
        return s[1:-1]
    return None


def typed(text: str) -> Value:
    """A property's text as ``ExpressionInterpreter`` binds it."""
    if text == "true":
        return True
    if text == "false":
        return False
    if text and all(c in "+-.0123456789" for c in text):
        digits = text.lstrip("+-")
        if len(digits) > 1 and digits[0] == "0" and digits.isdigit():
            # "0304": a number or a text, by the module's "Store Integers with leading zeros as
            # Strings" option, which is not read here: left as written
            raise Unsupported(f"a number with leading zeros ({text})")
        try:
            v = int(text, 10)
            if -2**31 <= v < 2**31:
                return v
            return text
        except ValueError:
            pass
        try:
            float(text)
        except ValueError:
            return text
        # VASSAL keeps a property's decimal as a 32-bit Float (Float.parseFloat), whose sums and
        # printed digits differ from Python's doubles: left as written
        raise Unsupported(f"a decimal property value ({text})")
    return text


def _int32(v: int) -> int:
    """Java ``int`` arithmetic: the result wraps to 32 bits."""
    return (v + 2**31) % 2**32 - 2**31


def java_str(v: Value) -> str:
    """``String.valueOf`` of a value."""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        if v == int(v) and abs(v) < 1e7:
            return f"{v:.1f}"
        return repr(v)
    return str(v)


Node = tuple


class _Parser:
    """Reads the tokens into a tree of tuples (nothing is evaluated while parsing)."""

    def __init__(self, tokens: list[tuple[str, str]]) -> None:
        self.t = tokens
        self.i = 0
        self.depth = 0

    def peek(self, value: str) -> bool:
        return self.i < len(self.t) and self.t[self.i] == ("op", value)

    def take(self, value: str) -> None:
        if not self.peek(value):
            raise Unsupported(f"expected {value!r}")
        self.i += 1

    def _binary(self, sub: Callable[[], Node], ops: tuple[str, ...]) -> Node:
        node = sub()
        while self.i < len(self.t) and self.t[self.i][0] == "op" and self.t[self.i][1] in ops:
            op = self.t[self.i][1]
            self.i += 1
            node = ("bin", op, node, sub())
        return node

    def expr(self) -> Node:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise Unsupported("too deep")
        try:
            cond = self.or_()
            if self.peek("?"):
                self.i += 1
                a = self.expr()
                self.take(":")
                return ("?", cond, a, self.expr())
            return cond
        finally:
            self.depth -= 1

    def or_(self) -> Node:
        return self._binary(self.and_, ("||",))

    def and_(self) -> Node:
        return self._binary(self.eq, ("&&",))

    def eq(self) -> Node:
        return self._binary(self.rel, ("==", "!="))

    def rel(self) -> Node:
        return self._binary(self.add, ("<", ">", "<=", ">="))

    def add(self) -> Node:
        return self._binary(self.mul, ("+", "-"))

    def mul(self) -> Node:
        return self._binary(self.unary, ("*", "/", "%"))

    def unary(self) -> Node:
        for op in ("!", "-", "+"):
            if self.peek(op):
                self.i += 1
                self.depth += 1
                if self.depth > MAX_DEPTH:
                    raise Unsupported("too deep")
                try:
                    return ("un", op, self.unary())
                finally:
                    self.depth -= 1
        return self.postfix(self.primary())

    def primary(self) -> Node:
        if self.i >= len(self.t):
            raise Unsupported("unexpected end")
        kind, text = self.t[self.i]
        self.i += 1
        if kind == "num":
            return ("lit", float(text) if "." in text else int(text))
        if kind in ("str", "chr"):
            return ("lit", _unescape(text[1:-1]))
        if kind == "op" and text == "(":
            node = self.expr()
            self.take(")")
            return node
        if kind == "name":
            if text in ("true", "false"):
                return ("lit", text == "true")
            if self.peek("("):
                return ("call", text, self.args())
            if text == "Integer" and self.peek("."):
                self.i += 1
                if self.i < len(self.t) and self.t[self.i] == ("name", "parseInt"):
                    self.i += 1
                    return ("call", "Integer.parseInt", self.args())
                raise Unsupported("Integer member")
            if len(text) > 2 and text.startswith("$") and text.endswith("$"):
                text = text[1:-1]
            return ("prop", text)
        raise Unsupported(f"unexpected {text!r}")

    def args(self) -> list[Node]:
        self.take("(")
        out: list[Node] = []
        if self.peek(")"):
            self.i += 1
            return out
        while True:
            out.append(self.expr())
            if self.peek(","):
                self.i += 1
                continue
            self.take(")")
            return out

    def postfix(self, node: Node) -> Node:
        while True:
            if self.peek("."):
                self.i += 1
                if self.i >= len(self.t) or self.t[self.i][0] != "name":
                    raise Unsupported("member")
                method = self.t[self.i][1]
                self.i += 1
                if not self.peek("("):
                    raise Unsupported("field access")
                node = ("method", method, node, self.args())
            elif self.peek("["):
                self.i += 1
                index = self.expr()
                self.take("]")
                node = ("index", node, index)
            else:
                return node


def _eval(node: Node, lookup: Lookup) -> Value:
    kind = node[0]
    if kind == "lit":
        return node[1]
    if kind == "prop":
        return _prop(lookup, node[1])
    if kind == "?":
        return _eval(node[2] if _truth(_eval(node[1], lookup)) else node[3], lookup)
    if kind == "un":
        v = _eval(node[2], lookup)
        if node[1] == "!":
            return not _truth(v)
        n = _number(v)
        return -n if node[1] == "-" else n
    if kind == "bin":
        return _binary(node[1], node[2], node[3], lookup)
    if kind == "call":
        args = [_eval(a, lookup) for a in node[2]]    # a BeanShell method: every argument evaluated
        return _call(node[1], args, lookup)
    if kind == "method":
        target = _eval(node[2], lookup)
        return _method(target, node[1], [_eval(a, lookup) for a in node[3]])
    if kind == "index":
        v = _eval(node[1], lookup)
        index = _eval(node[2], lookup)
        if not isinstance(v, list) or not isinstance(index, int) or isinstance(index, bool):
            raise Unsupported("indexing")
        if not 0 <= index < len(v):
            raise EvalError("index out of bounds")
        return v[index]
    raise Unsupported(kind)


def _prop(lookup: Lookup, name: str) -> Value:
    got = lookup(name)
    if got is None:
        raise Unsupported(f"property {name} not known here")
    return typed(got)


def _binary(op: str, left: Node, right: Node, lookup: Lookup) -> Value:
    a = _eval(left, lookup)
    if op in ("&&", "||"):             # Java: the right side only when the left does not decide
        if _truth(a) == (op == "||"):
            return a
        return _truth(_eval(right, lookup))
    b = _eval(right, lookup)
    if isinstance(a, list) or isinstance(b, list):
        raise Unsupported("an array as a value")
    return _apply(op, a, b)


def _apply(op: str, a: Value, b: Value) -> Value:
    """``BSHBinaryExpression.eval`` of VASSAL 3.7.26 (its "special cases", checked in real
    VASSAL 3.7.26 and 3.8.0-beta1, ``tests/test_vassal_ccn_names.py``): an int against the
    empty text takes it as 0; a number or boolean against other text, two texts, and a boolean
    against a number (BeanShell refuses, VASSAL retries with both as text) are worked on as text
    (``Primitive.stringBinaryOperation``: comparisons, ``+`` joins)."""
    if isinstance(a, str) or isinstance(b, str):
        if isinstance(a, int) and not isinstance(a, bool) and b == "":
            return _apply(op, a, 0)
        if isinstance(b, int) and not isinstance(b, bool) and a == "":
            return _apply(op, 0, b)
        return _text_op(op, java_str(a), java_str(b))
    if isinstance(a, bool) or isinstance(b, bool):
        if not (isinstance(a, bool) and isinstance(b, bool)):
            return _text_op(op, java_str(a), java_str(b))
        if op in ("==", "!="):
            return (a == b) == (op == "==")
        raise EvalError("arithmetic on booleans")
    if op in ("==", "!="):
        return (a == b) == (op == "==")
    x, y = _number(a), _number(b)
    if op in ("<", ">", "<=", ">="):
        return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]
    if op in ("+", "-", "*"):
        v = x + y if op == "+" else x - y if op == "-" else x * y
        return _int32(v) if isinstance(v, int) else v
    if isinstance(x, int) and isinstance(y, int):
        if y == 0:
            raise EvalError("division by zero")
        q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)
        return q if op == "/" else x - q * y
    if y == 0:
        raise Unsupported("float division by zero")
    return x / y if op == "/" else _fmod(x, y)


def _call(fn: str, args: list, lookup: Lookup) -> Value:
    if fn == "If" and len(args) == 3:
        if not isinstance(args[0], bool):
            raise EvalError("If needs a boolean")
        return args[1] if args[0] else args[2]
    if fn == "GetProperty" and len(args) == 1 and not isinstance(args[0], list):
        return _prop(lookup, java_str(args[0]))
    if fn == "Integer.parseInt" and len(args) == 1 and isinstance(args[0], str):
        if not re.fullmatch(r"[-+]?\d+", args[0]):
            raise EvalError("parseInt")
        v = int(args[0], 10)
        if not -2**31 <= v < 2**31:
            raise EvalError("parseInt")
        return v
    raise Unsupported(f"function {fn}")


def _unescape(s: str) -> str:
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), s)


def _fmod(a: float, b: float) -> float:
    import math
    return math.fmod(a, b)


def _truth(v: Value) -> bool:
    if not isinstance(v, bool):
        raise EvalError("a condition that is not a boolean")
    return v


def _number(v: Value) -> int | float:
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        raise EvalError("arithmetic on a non-number")
    return v


def _text_op(op: str, a: str, b: str) -> Value:
    """``Primitive.stringBinaryOperation``: comparisons by ``compareTo``, ``+`` joins; any other
    operator is a Java error."""
    if op == "+":
        return a + b
    if op in ("==", "!="):
        return (a == b) == (op == "==")
    if op in ("<", ">", "<=", ">="):
        return {"<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b}[op]
    raise EvalError(f"{op} on text")


def _method(v, method: str, args: list) -> Value:
    if not isinstance(v, str):
        if method == "toString" and not args:
            return java_str(v)
        raise Unsupported(f"method {method} of a non-string")
    sargs = [a if isinstance(a, str) else None for a in args]
    if method in ("contains", "startsWith", "endsWith", "equals", "equalsIgnoreCase", "indexOf") \
            and len(args) == 1:
        a = sargs[0]
        if a is None:
            if method == "equals":
                return False
            raise EvalError(f"{method} of a non-string")
        if method == "contains":
            return a in v
        if method == "startsWith":
            return v.startswith(a)
        if method == "endsWith":
            return v.endswith(a)
        if method == "equals":
            return v == a
        if method == "equalsIgnoreCase":
            return v.lower() == a.lower()
        return v.find(a)
    if not args:
        if method == "length":
            return len(v)
        if method == "trim":           # Java: every character up to the space
            return v.strip("".join(map(chr, range(33))))
        if method == "toUpperCase":
            return v.upper()
        if method == "toLowerCase":
            return v.lower()
        if method == "isEmpty":
            return v == ""
        if method == "toString":
            return v
    if method == "substring" and 1 <= len(args) <= 2 and all(isinstance(a, int) and not isinstance(a, bool)
                                                           for a in args):
        a = args[0]
        b = args[1] if len(args) == 2 else len(v)
        if not 0 <= a <= b <= len(v):
            raise EvalError("substring out of range")
        return v[a:b]
    if method == "replace" and len(args) == 2 and all(isinstance(a, str) for a in args):
        return v.replace(args[0], args[1])
    if method == "split" and len(args) == 1 and isinstance(args[0], str) and _plain_regex(args[0]):
        if v == "":
            return [""]         # type: ignore[return-value]
        parts = v.split(args[0]) if args[0] else list(v)
        while parts and parts[-1] == "":     # Java drops trailing empty strings
            parts.pop()
        return parts            # type: ignore[return-value]
    raise Unsupported(f"method {method}")


def _plain_regex(s: str) -> bool:
    """A split pattern that is its own literal text (no regex metacharacters)."""
    return not any(c in s for c in ".$|()[{^?*+\\")


def evaluate(expression: str, lookup: Lookup) -> str:
    """The text VASSAL shows for ``expression`` (``{...}``, else taken as BeanShell text),
    properties read through ``lookup``. A Java error gives ``""`` as in VASSAL; raises
    :class:`Unsupported` for what this reader cannot evaluate."""
    body = strip_braces(expression)
    if body is None:
        body = expression
    if len(body) > MAX_LENGTH:
        raise Unsupported("too long")
    if not body.strip():
        return ""
    p = _Parser(_tokens(body))
    tree = p.expr()
    if p.i != len(p.t):
        raise Unsupported("text after the expression")
    try:
        v = _eval(tree, lookup)
    except EvalError:
        return ""
    except RecursionError:
        raise Unsupported("too deep") from None
    if isinstance(v, list):
        raise Unsupported("an array as a value")
    return java_str(v)
