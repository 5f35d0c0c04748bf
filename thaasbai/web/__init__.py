"""The static web app: built once (:mod:`.build`), served as files (:mod:`.static`).

Server side only: nothing here is shipped to browsers."""
