"""What an operator sees of the running bot: its metrics (`metrics`), its logs (`logs`), and the HTTP port that
serves `/metrics` and `/healthz` (`server`). Nothing here imports Discord."""
