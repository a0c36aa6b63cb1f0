"""Combat resolution as the rules describe it, with every number from the engine data.

An attacking unit compares its ATK with the defender's ATK (defender in Attack Position) or DEF (Defense
Position); the larger number wins and the smaller side's unit is destroyed, equal numbers destroy both. Beating a
unit in Attack Position costs its player the difference; losing an attack costs the attacker's player the
difference, and the surviving defender takes a Kamikaze wound: a malus equal to the attacker's ATK on the stat used.
A player without units can be attacked directly and loses the attacker's ATK. Effective stats stay between the
engine's floor and ceiling.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from .engine_data import Engine

ATTACK = "attack"
DEFENSE = "defense"
POSITIONS = (ATTACK, DEFENSE)


@dataclass(frozen=True)
class Unit:
    """A unit on the battlefield: printed stats, its position, and the sum of the modifiers on each stat."""

    atk: int
    def_: int
    position: str = ATTACK
    atk_modifier: int = 0
    def_modifier: int = 0

    def __post_init__(self):
        if self.position not in POSITIONS:
            raise ValueError(f"position must be one of {POSITIONS}, found {self.position!r}")


@dataclass(frozen=True)
class Wound:
    """A Kamikaze wound: a malus (negative amount) on the stat the defender used in combat."""

    stat: str
    amount: int


@dataclass(frozen=True)
class CombatResult:
    """What one attack on a unit did."""

    stat: str                   # the defender's stat compared with the attacker's ATK: "atk" or "def"
    attack: int                 # the attacker's effective ATK
    defense: int                # the defender's effective value of that stat
    difference: int             # |attack - defense|
    attacker_destroyed: bool
    defender_destroyed: bool
    attacker_life_loss: int     # life points the attacking player loses
    defender_life_loss: int     # life points the defending player loses
    wound: Wound | None         # the malus the surviving defender takes, if the attack lost
    defender_after: Unit | None  # the defender after combat (with its wound), None when destroyed


@dataclass(frozen=True)
class DirectAttackResult:
    """The outcome of a direct attack: the attack made and the life points the defender loses."""
    attack: int
    defender_life_loss: int


def effective(engine: Engine, unit: Unit, stat: str) -> int:
    """The stat's printed value plus its modifiers, held between the floor and the ceiling."""
    if stat == "atk":
        return engine.clamp(unit.atk + unit.atk_modifier)
    if stat == "def":
        return engine.clamp(unit.def_ + unit.def_modifier)
    raise ValueError(f"stat must be 'atk' or 'def', found {stat!r}")


def defending_stat(defender: Unit) -> str:
    """ATK for a defender in Attack Position, DEF for one in Defense Position (face-down or set to defend)."""
    return "atk" if defender.position == ATTACK else "def"


def resolve_attack(engine: Engine, attacker: Unit, defender: Unit) -> CombatResult:
    """One attack of `attacker` (in Attack Position) on the unit `defender`."""
    if attacker.position != ATTACK:
        raise ValueError("only a unit in Attack Position can attack")
    stat = defending_stat(defender)
    attack, defense = effective(engine, attacker, "atk"), effective(engine, defender, stat)
    difference = abs(attack - defense)
    if attack > defense:
        return CombatResult(stat, attack, defense, difference, attacker_destroyed=False, defender_destroyed=True,
                            attacker_life_loss=0, defender_life_loss=difference if stat == "atk" else 0,
                            wound=None, defender_after=None)
    if attack == defense:
        return CombatResult(stat, attack, defense, 0, attacker_destroyed=True, defender_destroyed=True,
                            attacker_life_loss=0, defender_life_loss=0, wound=None, defender_after=None)
    wound = Wound(stat, -attack)
    return CombatResult(stat, attack, defense, difference, attacker_destroyed=True, defender_destroyed=False,
                        attacker_life_loss=difference, defender_life_loss=0, wound=wound,
                        defender_after=wounded(defender, wound))


def wounded(unit: Unit, wound: Wound) -> Unit:
    """The unit with the wound added to its modifiers (wounds add up; the floor applies to the effective stat)."""
    if wound.stat == "atk":
        return replace(unit, atk_modifier=unit.atk_modifier + wound.amount)
    return replace(unit, def_modifier=unit.def_modifier + wound.amount)


def resolve_direct_attack(engine: Engine, attacker: Unit) -> DirectAttackResult:
    """An attack on a player who has no units: they lose the attacker's ATK."""
    if attacker.position != ATTACK:
        raise ValueError("only a unit in Attack Position can attack")
    attack = effective(engine, attacker, "atk")
    return DirectAttackResult(attack, attack)

