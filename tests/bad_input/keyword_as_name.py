class = 3
