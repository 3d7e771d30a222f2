"""Train a small masked policy on a wartable game with REINFORCE, in numpy only.

The learner plays seat 0 of the Gymnasium environment ``wartable/<game>-v0``
against the random bot. The policy is a one-hidden-layer network over the
encoded observation; illegal actions get probability 0 (their logits are
masked before the softmax), so the learner never loses a game to an illegal
move. Training is plain REINFORCE with a running-mean baseline and Adam.

    .venv/bin/python examples/train_masked_policy.py                # weapons, ~2 minutes
    .venv/bin/python examples/train_masked_policy.py --episodes 200 --eval 200

It prints the win rate of the untrained policy and of the trained one
against the random bot, over the same evaluation seeds.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from wartable.envs.gymnasium import WartableGymEnv


@dataclass
class Policy:
    """logits = W2 . tanh(W1 . x + b1) + b2, masked to the legal actions."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray
    adam: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def create(cls, inputs: int, hidden: int, actions: int, rng: np.random.Generator) -> Policy:
        return cls(
            rng.normal(0, 1 / np.sqrt(inputs), (hidden, inputs)),
            np.zeros(hidden),
            rng.normal(0, 0.01, (actions, hidden)),
            np.zeros(actions),
        )

    def probs(self, x: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        h = np.tanh(self.w1 @ x + self.b1)
        logits = self.w2 @ h + self.b2
        logits = np.where(mask > 0, logits, -np.inf)
        p = np.exp(logits - logits.max())
        return p / p.sum(), h

    def act(self, obs: dict[str, np.ndarray], rng: np.random.Generator, greedy: bool) -> int:
        p, _ = self.probs(obs["observation"], obs["action_mask"])
        return int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))

    def params(self) -> dict[str, np.ndarray]:
        return {"w1": self.w1, "b1": self.b1, "w2": self.w2, "b2": self.b2}

    def step(self, grads: dict[str, np.ndarray], lr: float) -> None:
        """One Adam ascent step."""
        t = self.adam.get("t", 0) + 1
        self.adam["t"] = t
        for k, param in self.params().items():
            m = self.adam.get("m" + k, np.zeros_like(param)) * 0.9 + 0.1 * grads[k]
            v = self.adam.get("v" + k, np.zeros_like(param)) * 0.999 + 0.001 * grads[k] ** 2
            self.adam["m" + k], self.adam["v" + k] = m, v
            param += lr * (m / (1 - 0.9**t)) / (np.sqrt(v / (1 - 0.999**t)) + 1e-8)


def episode(
    env: WartableGymEnv, policy: Policy, rng: np.random.Generator, seed: int, greedy: bool
) -> tuple[float, list[tuple[np.ndarray, np.ndarray, int]]]:
    obs, _ = env.reset(seed=seed)
    trace = []
    while True:
        action = policy.act(obs, rng, greedy)
        trace.append((obs["observation"], obs["action_mask"], action))
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), trace


def gradients(policy: Policy, trace: list[Any], advantage: float) -> dict[str, np.ndarray]:
    """advantage * sum of grad log pi(a|x) over the episode's decisions."""
    g = {k: np.zeros_like(v) for k, v in policy.params().items()}
    for x, mask, a in trace:
        p, h = policy.probs(x, mask)
        dlogits = -p
        dlogits[a] += 1.0
        dlogits *= advantage
        g["w2"] += np.outer(dlogits, h)
        g["b2"] += dlogits
        dh = (policy.w2.T @ dlogits) * (1 - h * h)
        g["w1"] += np.outer(dh, x)
        g["b1"] += dh
    return g


def evaluate(
    env: WartableGymEnv, policy: Policy, games: int, first_seed: int, greedy: bool = True
) -> float:
    """Win rate of the policy (draws count half) over fixed seeds."""
    rng = np.random.default_rng(0)
    score = 0.0
    for i in range(games):
        reward, _ = episode(env, policy, rng, first_seed + i, greedy=greedy)
        score += 1.0 if reward > 0 else (0.5 if reward == 0 else 0.0)
    return score / games


def run(
    game: str = "weapons",
    config: dict[str, Any] | None = None,
    episodes: int = 3000,
    eval_games: int = 400,
    hidden: int = 64,
    lr: float = 0.003,
    batch: int = 16,
    seed: int = 0,
) -> dict[str, Any]:
    config = config if config is not None else {"players": 2}
    env = WartableGymEnv(game, config=config, seat=0, opponents="random")
    rng = np.random.default_rng(seed)
    policy = Policy.create(env.encoder.size, hidden, env.num_actions, rng)
    eval_seed = 10_000_000
    uniform = Policy.create(env.encoder.size, hidden, env.num_actions, rng)
    uniform.w2[:] = 0.0  # all logits equal: a uniform choice among the legal actions
    random_rate = evaluate(env, uniform, eval_games, eval_seed, greedy=False)
    before = evaluate(env, policy, eval_games, eval_seed)
    start = time.perf_counter()
    baseline, decisions = 0.0, 0
    acc: dict[str, np.ndarray] | None = None
    for i in range(episodes):
        reward, trace = episode(env, policy, rng, seed * 1_000_003 + i, greedy=False)
        decisions += len(trace)
        g = gradients(policy, trace, reward - baseline)
        baseline += 0.02 * (reward - baseline)
        acc = g if acc is None else {k: acc[k] + g[k] for k in acc}
        if (i + 1) % batch == 0:
            policy.step({k: v / batch for k, v in acc.items()}, lr)
            acc = None
    seconds = time.perf_counter() - start
    after = evaluate(env, policy, eval_games, eval_seed)
    return {
        "game": game,
        "config": config,
        "episodes": episodes,
        "learner_decisions": decisions,
        "train_seconds": round(seconds, 1),
        "eval_games": eval_games,
        "win_rate_uniform_random": round(random_rate, 3),
        "win_rate_before": round(before, 3),
        "win_rate_after": round(after, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="weapons")
    parser.add_argument("--config", default='{"players": 2}', help="the game's config (JSON)")
    parser.add_argument("--episodes", type=int, default=3000)
    parser.add_argument("--eval", type=int, default=400, help="evaluation games before and after")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    result = run(args.game, json.loads(args.config), args.episodes, args.eval, seed=args.seed)
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
