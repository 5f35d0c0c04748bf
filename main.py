"""Entry point for `flet build` / `flet run` ([tool.flet.app] module = "main")."""

from thaasbai.ui.main_app import run

if __name__ == "__main__":
    run()
