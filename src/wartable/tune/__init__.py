"""The designers' tuner (``wartable tune``): Optuna searches a game's reconstructed data for
values that meet balance targets, each trial measured by the simulation lab.

It sits above the lab (``wartable.sim``) and reaches a game only through the registry and the
game's ``tuning`` module (docs/simulation.md, "Tuning the data").
"""
