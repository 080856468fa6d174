"""Value classes without :mod:`dataclasses`: the referee's messages, places, findings, verdicts and
record declarations, made as a ``@dataclass`` makes them, at a fraction of the start-up.

``referee check`` builds two dozen such classes before it reads a record; as dataclasses they cost
it about 21 ms of CPU (the module and :mod:`inspect` it imports, and the methods each class has
generated as source and compiled), a fifth of a start without bytecode. A :class:`Value` subclass
lists its fields as a dataclass does (annotations, in order, after those of its :class:`Value`
bases; ``ClassVar`` ones left out) and gets the same ``__init__`` (positional or by name, defaults,
:func:`attr` for a factory or a field left out of comparisons and ``repr``), ``__eq__`` (same class,
fields compared in order), ``__repr__``, and with ``frozen=True`` immutability and ``__hash__``;
:meth:`Value.replace` is :func:`dataclasses.replace`.

>>> class Point(Value, frozen=True):
...     x: int
...     y: int = 0
...     tags: list[str] = attr(factory=list, compare=False)
>>> p = Point(1, tags=["a"])
>>> p, p == Point(1), p.replace(y=2), hash(p) == hash(Point(1))
(Point(x=1, y=0, tags=['a']), True, Point(x=1, y=2, tags=['a']), True)
>>> p.x = 3
Traceback (most recent call last):
...
referee.values.FrozenInstanceError: cannot assign to field 'x'
>>> Point()
Traceback (most recent call last):
...
TypeError: Point() is missing the field 'x'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

__all__ = ["MISSING", "FrozenInstanceError", "Value", "attr"]


class FrozenInstanceError(AttributeError):
    """A field of a frozen value was assigned or deleted (as :class:`dataclasses.FrozenInstanceError`)."""


_MISSING: Any = object()
MISSING: Any = _MISSING
"""No value given: the default of an ``__init__`` written out for speed whose field has a factory."""


class _Attr:
    """A field's default, its factory, and whether it is compared and shown (see :func:`attr`)."""

    __slots__ = ("compare", "default", "factory", "repr")

    def __init__(
        self, default: Any, factory: Callable[[], Any] | None, compare: bool, repr: bool
    ) -> None:
        self.default, self.factory, self.compare, self.repr = default, factory, compare, repr


def attr(
    default: Any = _MISSING,
    *,
    factory: Callable[[], Any] | None = None,
    compare: bool = True,
    repr: bool = True,
) -> Any:
    """A field with more than a default: ``dataclasses.field(default=…, default_factory=…, compare=…,
    repr=…)``."""
    return _Attr(default, factory, compare, repr)


def _is_class_var(annotation: Any) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar"))


class Value:
    """Fields, equality, ``repr`` and (``frozen=True``) immutability as ``@dataclass`` gives them."""

    _fields: ClassVar[tuple[str, ...]] = ()
    """Every field, in order (the order of ``__init__``'s arguments)."""
    _defaults: ClassVar[dict[str, Any]] = {}
    _factories: ClassVar[dict[str, Callable[[], Any]]] = {}
    _compared: ClassVar[tuple[str, ...]] = ()
    _shown: ClassVar[tuple[str, ...]] = ()
    _frozen: ClassVar[bool] = False
    _named: ClassVar[frozenset[str]] = frozenset()
    _direct: ClassVar[bool] = True
    _plan: ClassVar[tuple[tuple[str, Any, Callable[[], Any] | None], ...]] = ()
    """Each field's name, default (or none) and factory (or none), in order: what ``__init__`` walks."""

    def __init_subclass__(cls, frozen: bool | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        fields: list[str] = []
        defaults: dict[str, Any] = {}
        factories: dict[str, Callable[[], Any]] = {}
        hidden: set[str] = set()
        unshown: set[str] = set()
        for base in reversed(cls.__mro__[1:]):  # the fields of Value bases first, as dataclasses
            if issubclass(base, Value) and base is not Value:
                for name in base._fields:
                    if name not in fields:
                        fields.append(name)
                defaults.update(base._defaults)
                factories.update(base._factories)
                hidden.update(n for n in base._fields if n not in base._compared)
                unshown.update(n for n in base._fields if n not in base._shown)
        # the class's own annotations (not inspect.get_annotations: importing inspect is what this avoids)
        own = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
        for name, annotation in own.items():
            if _is_class_var(annotation):
                continue
            if name not in fields:
                fields.append(name)
            value = cls.__dict__.get(name, _MISSING)
            defaults.pop(name, None)
            factories.pop(name, None)
            hidden.discard(name)
            unshown.discard(name)
            if isinstance(value, _Attr):
                if not value.compare:
                    hidden.add(name)
                if not value.repr:
                    unshown.add(name)
                if value.factory is not None:
                    factories[name] = value.factory
                    delattr(cls, name)
                elif value.default is not _MISSING:
                    defaults[name] = value.default
                    setattr(cls, name, value.default)
                else:
                    delattr(cls, name)
            elif value is not _MISSING:
                defaults[name] = value
        cls._fields = tuple(fields)
        cls._defaults, cls._factories = defaults, factories
        cls._named = frozenset(fields)
        cls._direct = not any(hasattr(getattr(cls, n, None), "__set__") for n in fields)
        cls._plan = tuple((n, defaults.get(n, _MISSING), factories.get(n)) for n in fields)
        cls._compared = tuple(n for n in fields if n not in hidden)
        cls._shown = tuple(n for n in fields if n not in unshown)
        if frozen is not None:
            cls._frozen = frozen
        if not cls._frozen and "__setattr__" not in cls.__dict__:
            # a mutable value sets its attributes as any object does, in C
            cls.__setattr__ = object.__setattr__  # type: ignore[method-assign,assignment]
            cls.__delattr__ = object.__delattr__  # type: ignore[method-assign,assignment]
        if "__hash__" not in cls.__dict__:
            # as dataclasses: a frozen value hashes its compared fields, any other is unhashable
            cls.__hash__ = Value._hash if cls._frozen else None  # type: ignore[method-assign,assignment]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        plan, given = self._plan, len(args)
        if given > len(plan) or (kwargs and not kwargs.keys() <= self._named):
            raise TypeError(f"{type(self).__name__}() got too many or unknown fields")
        values = dict(zip(self._fields, args, strict=False))
        for name, default, factory in plan[given:]:
            value = kwargs.get(name, default) if kwargs else default
            if value is _MISSING:
                if factory is None:
                    raise TypeError(f"{type(self).__name__}() is missing the field {name!r}")
                value = factory()
            values[name] = value
        if given and kwargs and any(name in kwargs for name in self._fields[:given]):
            raise TypeError(f"{type(self).__name__}() got a field twice")
        if self._direct:  # no field is a descriptor: the values go straight into the instance
            self.__dict__.update(values)
        else:
            put = object.__setattr__  # through descriptors, past a frozen value's __setattr__
            for name, value in values.items():
                put(self, name, value)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            names = self._compared
            return tuple(getattr(self, n) for n in names) == tuple(getattr(other, n) for n in names)
        return NotImplemented

    def _hash(self) -> int:
        return hash(tuple(getattr(self, n) for n in self._compared))

    def __repr__(self) -> str:
        shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in self._shown)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(
        self, name: str, value: Any
    ) -> None:  # a frozen value's (see __init_subclass__)
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def replace(self, **changes: Any) -> Any:
        """A copy with ``changes`` (:func:`dataclasses.replace`)."""
        values = {n: getattr(self, n) for n in self._fields}
        values.update(changes)
        return type(self)(**values)
